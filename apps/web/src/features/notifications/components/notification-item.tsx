// One notification: unread ones carry a neon dot and a brighter card. Clicking opens its link and marks it
// read; the bin deletes it.
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@nocturna/shared';
import { formatTime, type Locale } from '../../../lib/catalogue-format.ts';
import { NotificationIcon } from './notification-icon.tsx';
import { notificationWords } from '../notification-words.ts';

type Props = {
  item: Notification;
  locale: Locale;
  onOpen: (item: Notification) => void;
  onDelete: (item: Notification) => void;
};

export function NotificationItem({ item, locale, onOpen, onDelete }: Props) {
  const { t } = useTranslation('notifications');
  const unread = !item.isRead;
  const words = notificationWords(item, t, locale);
  return (
    <li
      data-testid="notification"
      data-unread={unread}
      className={`group flex items-start gap-2 rounded-2xl border p-1 transition-colors ${
        unread ? 'border-neon-500/40 bg-neon-500/10' : 'border-white/5 bg-night-900/60'
      }`}
    >
      <button
        type="button"
        onClick={() => onOpen(item)}
        className="flex min-w-0 flex-1 items-start gap-3 rounded-xl p-2.5 sm:p-3 text-left hover:bg-white/5 focus-visible:ring-2 focus-visible:ring-neon-400 focus-visible:outline-none"
      >
        <NotificationIcon type={item.type} unread={unread} />
        <span className="min-w-0 flex-1">
          <span className="flex items-start gap-2">
            {unread && (
              <span
                aria-hidden="true"
                className="mt-2 size-2 shrink-0 rounded-full bg-flame-500 shadow-[0_0_8px] shadow-flame-500/70"
              />
            )}
            <span
              data-testid="notification-title"
              className={`line-clamp-2 break-words ${unread ? 'font-bold text-white' : 'font-medium text-white/80'}`}
            >
              {words.title}
            </span>
          </span>
          {words.body && (
            <span className="mt-0.5 line-clamp-2 block text-sm break-words text-white/60">{words.body}</span>
          )}
          <span className="mt-1 block text-xs text-white/40">
            <time dateTime={item.createdAt}>{formatTime(item.createdAt, locale)}</time>
            {unread && <span className="sr-only">, {t('unread')}</span>}
          </span>
        </span>
      </button>
      <button
        type="button"
        onClick={() => onDelete(item)}
        aria-label={t('delete', { title: words.title })}
        title={t('deleteShort')}
        className="m-1 rounded-full p-2 sm:m-2 text-white/40 hover:bg-flame-500/15 hover:text-flame-500 focus-visible:ring-2 focus-visible:ring-neon-400 focus-visible:outline-none"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
