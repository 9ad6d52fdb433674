// The scrolling part of a thread: day separators, bubbles, the "Visto"/"Enviado" line under my last message,
// pending sends, and older pages loaded when the top comes into view, keeping what was on screen in place.
import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { dayLabel, madridDay } from '../message-time.ts';
import { MessageBubble } from './message-bubble.tsx';

export type PendingMessage = {
  clientId: string;
  body: string;
  createdAt: string;
  status: 'sending' | 'failed';
};

type Props = {
  me: string;
  otherName: string;
  otherLastReadSeq: number;
  messages: Message[];
  pending: PendingMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  // Any read of the thread in flight (an older page, or the whole thread read again after a reconnect).
  fetching: boolean;
  onLoadOlder: () => void;
  onReport: (message: Message) => void;
  onRetry: (pending: PendingMessage) => void;
};

// Within this distance of the bottom, a new message keeps the view pinned to the end.
const PINNED_PX = 150;

export function MessageList({
  me,
  otherName,
  otherLastReadSeq,
  messages,
  pending,
  hasOlder,
  loadingOlder,
  fetching,
  onLoadOlder,
  onReport,
  onRetry,
}: Props) {
  const { t } = useTranslation('messages');
  const locale = useLocale();
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const before = useRef({ firstSeq: 0, lastKey: '', scrollHeight: 0, scrollTop: 0, pinned: true });

  const lastKey = `${messages.at(-1)?.id ?? ''}:${pending.length}`;
  const firstSeq = messages[0]?.seq ?? 0;

  // Runs before paint: older messages added above keep the visible ones where they were; new ones at the end
  // scroll into view when the reader was at the end already (or sent them).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const prev = before.current;
    if (prev.firstSeq && firstSeq < prev.firstSeq) {
      el.scrollTop = el.scrollHeight - prev.scrollHeight + prev.scrollTop;
    } else if (lastKey !== prev.lastKey) {
      const mineLast = pending.length > 0 || messages.at(-1)?.senderId === me;
      if (prev.pinned || mineLast || !prev.lastKey) el.scrollTop = el.scrollHeight;
    }
    before.current = {
      firstSeq,
      lastKey,
      scrollHeight: el.scrollHeight,
      scrollTop: el.scrollTop,
      pinned: el.scrollHeight - el.scrollTop - el.clientHeight < PINNED_PX,
    };
  }, [firstSeq, lastKey, messages, pending.length, me]);

  const remember = () => {
    const el = scroller.current;
    if (!el) return;
    before.current = {
      ...before.current,
      scrollHeight: el.scrollHeight,
      scrollTop: el.scrollTop,
      pinned: el.scrollHeight - el.scrollTop - el.clientHeight < PINNED_PX,
    };
  };

  // The top in view asks for the next older page once nothing is being read. A read that ends (or is replaced:
  // a reconnect reads the thread again and cancels a page on its way) makes a new observer, whose first report
  // says whether the top is still in view, so a reader waiting at the top is never left without the page.
  useEffect(() => {
    const root = scroller.current;
    const target = sentinel.current;
    if (!root || !target || !hasOlder || fetching) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onLoadOlder();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasOlder, fetching, firstSeq, onLoadOlder]);

  const myLast = [...messages].reverse().find((m) => m.senderId === me);
  const showStatus = myLast && pending.length === 0 && messages.at(-1)?.id === myLast.id;

  return (
    <div
      ref={scroller}
      onScroll={remember}
      data-testid="thread-scroller"
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 [scrollbar-width:thin]"
    >
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {loadingOlder && (
        <p role="status" className="py-2 text-center text-xs text-white/50">
          {t('olderLoading')}
        </p>
      )}
      {!hasOlder && (
        <p className="mx-auto mb-4 max-w-xs text-center text-xs text-white/55">
          {t('beginning', { name: otherName })}
        </p>
      )}
      <ol className="flex flex-col gap-1.5">
        {messages.map((message, i) => {
          const day = madridDay(new Date(message.createdAt));
          const newDay = i === 0 || madridDay(new Date(messages[i - 1]!.createdAt)) !== day;
          const label = newDay ? dayLabel(message.createdAt, locale) : null;
          const mine = message.senderId === me;
          return (
            <Fragment key={message.id}>
              {label && (
                <li className="my-2 text-center text-[11px] font-bold tracking-widest text-white/55 uppercase">
                  {label.kind === 'date' ? label.text : t(label.kind)}
                </li>
              )}
              <li data-seq={message.seq}>
                <MessageBubble
                  message={message}
                  mine={mine}
                  locale={locale}
                  onReport={mine ? undefined : () => onReport(message)}
                />
                {showStatus && message.id === myLast.id && (
                  <p data-testid="receipt" className="mt-0.5 pr-2 text-right text-[11px] text-white/50">
                    {message.seq <= otherLastReadSeq ? t('seen') : t('sent')}
                  </p>
                )}
              </li>
            </Fragment>
          );
        })}
        {pending.map((p) => (
          <li key={p.clientId}>
            <MessageBubble message={p} mine locale={locale} pending={p.status === 'sending'} />
            <p
              className={`mt-0.5 pr-2 text-right text-[11px] ${p.status === 'failed' ? 'text-flame-500' : 'text-white/50'}`}
            >
              {p.status === 'failed' ? (
                <>
                  {t('failed')}{' '}
                  <button
                    type="button"
                    onClick={() => onRetry(p)}
                    className="font-semibold underline hover:text-white"
                  >
                    {t('retrySend')}
                  </button>
                </>
              ) : (
                t('sending')
              )}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
