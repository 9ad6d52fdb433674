// The box at the bottom of a thread: grows with the text up to five lines, Enter sends (Shift+Enter breaks the
// line), counts down near the 2,000-character limit, and tells the other person while you type.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH, TYPING_REPEAT_MS } from '@nocturna/shared/messages';
import { focusRing } from '../../../components/focus-ring.ts';

type Props = { onSend: (body: string) => void; onTyping: (typing: boolean) => void };

const COUNTDOWN_FROM = MESSAGE_MAX_LENGTH - 200;

export function Composer({ onSend, onTyping }: Props) {
  const { t } = useTranslation('messages');
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const lastTyping = useRef(0);
  const counterId = useId();
  const length = text.trim().length;
  const over = text.trim().length - MESSAGE_MAX_LENGTH;

  // Grows with its content, up to about five lines.
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 140)}px`;
  }, [text]);

  useEffect(() => () => onTyping(false), [onTyping]);

  const change = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current > TYPING_REPEAT_MS) {
      lastTyping.current = now;
      onTyping(true);
    } else if (!value.trim() && lastTyping.current) {
      lastTyping.current = 0;
      onTyping(false);
    }
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body || over > 0) return;
    onSend(body);
    setText('');
    lastTyping.current = 0;
    onTyping(false);
    area.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="border-t border-white/5 bg-night-950/95 px-3 py-2 backdrop-blur">
      <div className="flex items-end gap-2">
        <label className="min-w-0 flex-1">
          <span className="sr-only">{t('composer.label')}</span>
          <textarea
            ref={area}
            rows={1}
            value={text}
            enterKeyHint="send"
            onChange={(e) => change(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => {
              if (lastTyping.current) onTyping(false);
              lastTyping.current = 0;
            }}
            placeholder={t('composer.placeholder')}
            aria-describedby={length >= COUNTDOWN_FROM ? counterId : undefined}
            aria-invalid={over > 0 || undefined}
            className={`block max-h-36 w-full resize-none rounded-3xl border border-white/10 bg-night-800 px-4 py-2.5 text-[15px] text-white placeholder:text-white/35 ${focusRing}`}
          />
        </label>
        <button
          type="submit"
          disabled={!length || over > 0}
          aria-label={t('composer.send')}
          className={`grid size-11 shrink-0 place-items-center rounded-full bg-neon-600 text-white shadow-[0_0_18px] shadow-neon-600/40 transition hover:bg-neon-700 disabled:bg-night-800 disabled:text-white/30 disabled:shadow-none ${focusRing}`}
        >
          <SendHorizontal aria-hidden="true" className="size-5" />
        </button>
      </div>
      {length >= COUNTDOWN_FROM && (
        <p
          id={counterId}
          aria-live="polite"
          className={`px-4 pt-1 text-xs ${over > 0 ? 'text-flame-500' : 'text-white/50'}`}
        >
          {over > 0
            ? t('composer.tooLong', { count: over })
            : t('composer.remaining', { count: MESSAGE_MAX_LENGTH - length })}
        </p>
      )}
    </form>
  );
}
