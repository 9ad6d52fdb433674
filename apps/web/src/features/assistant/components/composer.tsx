// The question box: grows up to five lines, Enter sends (Shift+Enter breaks the line); while an answer
// streams, the send button becomes the stop button.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SendHorizontal, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ASSISTANT_MESSAGE_MAX } from '@nocturna/shared/assistant';
import { focusRing } from '../../../components/focus-ring.ts';

type Props = { onSend: (text: string) => void; onStop: () => void; streaming: boolean };

export function Composer({ onSend, onStop, streaming }: Props) {
  const { t } = useTranslation('assistant');
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 140)}px`;
  }, [text]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const question = text.trim();
    if (!question || streaming) return;
    onSend(question);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form
      onSubmit={submit}
      className="flex items-end gap-2 border-t border-white/5 bg-night-950/95 p-3 lg:bg-transparent"
    >
      <label className="min-w-0 flex-1">
        <span className="sr-only">{t('composer.label')}</span>
        <textarea
          ref={area}
          rows={1}
          value={text}
          maxLength={ASSISTANT_MESSAGE_MAX}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('composer.placeholder')}
          className={`block w-full resize-none rounded-2xl border border-white/10 bg-night-900 px-4 py-2.5 text-base text-white placeholder:text-white/55 sm:text-sm ${focusRing}`}
        />
      </label>
      {streaming ? (
        <button
          type="button"
          onClick={onStop}
          className={`flex size-11 shrink-0 items-center justify-center rounded-full border border-white/20 bg-night-800 text-white hover:border-flame-500 ${focusRing}`}
        >
          <Square aria-hidden className="size-4 fill-current" />
          <span className="sr-only">{t('composer.stop')}</span>
        </button>
      ) : (
        <button
          type="submit"
          disabled={!text.trim()}
          className={`flex size-11 shrink-0 items-center justify-center rounded-full bg-neon-600 text-white shadow-[0_0_18px_-6px] shadow-neon-500 hover:bg-neon-700 disabled:opacity-40 ${focusRing}`}
        >
          <SendHorizontal aria-hidden className="size-5" />
          <span className="sr-only">{t('composer.send')}</span>
        </button>
      )}
    </form>
  );
}
