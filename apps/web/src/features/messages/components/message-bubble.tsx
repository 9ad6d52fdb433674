// One message: mine on the right in neon, theirs on the left; the time inside the bubble. Their messages
// carry a small flag button to report them.
import { Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@nocturna/shared';
import { formatTime, type Locale } from '../../../lib/catalogue-format.ts';
import { LinkifiedText } from '../linkified-text.tsx';

type Props = {
  message: Pick<Message, 'body' | 'createdAt'> & { id?: string };
  mine: boolean;
  locale: Locale;
  pending?: boolean;
  onReport?: () => void;
};

export function MessageBubble({ message, mine, locale, pending = false, onReport }: Props) {
  const { t } = useTranslation('messages');
  return (
    <div className={`group flex items-end gap-1 ${mine ? 'justify-end' : 'justify-start'}`}>
      <div
        data-testid="message"
        data-mine={mine}
        className={`max-w-[82%] rounded-3xl px-4 py-2 text-[15px] leading-snug shadow-sm sm:max-w-[70%] ${
          mine
            ? 'rounded-br-md bg-neon-600 text-white shadow-neon-600/20'
            : 'rounded-bl-md border border-white/5 bg-night-800 text-white/90'
        } ${pending ? 'opacity-60' : ''}`}
      >
        <LinkifiedText text={message.body} />
        <time
          dateTime={message.createdAt}
          className={`mt-0.5 block text-right text-[11px] ${mine ? 'text-white/90' : 'text-white/60'}`}
        >
          {formatTime(message.createdAt, locale)}
        </time>
      </div>
      {onReport && (
        <button
          type="button"
          onClick={onReport}
          aria-label={t('reportMessage')}
          title={t('reportMessage')}
          className="mb-1 rounded-full p-1.5 text-white/55 opacity-0 transition group-hover:opacity-100 hover:bg-white/5 hover:text-flame-500 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-neon-400 focus-visible:outline-none [@media(hover:none)]:opacity-60"
        >
          <Flag aria-hidden="true" className="size-3.5" />
        </button>
      )}
    </div>
  );
}
