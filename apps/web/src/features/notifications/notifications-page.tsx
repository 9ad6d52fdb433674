// /notificaciones and /notifications (signed in; the route's gate handles visitors): the user's
// notifications grouped by Madrid day, newest first, live from the socket through the query cache.
import { BellOff, CheckCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@nocturna/shared';
import { ErrorState, LoadMore } from '../../components/catalogue/query-states.tsx';
import { PageHeader } from '../../components/catalogue/page-header.tsx';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { formatLongDay } from '../../lib/catalogue-format.ts';
import { useSession } from '../auth/api/use-session.ts';
import { useNotifications } from './api/get-notifications.ts';
import { useLiveUnreadCount } from './api/get-unread-count.ts';
import { useDeleteNotification } from './api/use-delete-notification.ts';
import { useMarkAllRead } from './api/use-mark-all-read.ts';
import { useMarkRead } from './api/use-mark-read.ts';
import { NotificationItem } from './components/notification-item.tsx';
import { NotificationListSkeleton } from './components/notification-list-skeleton.tsx';
import { groupByDay } from './group-by-day.ts';
import { flatten } from './notification-cache.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';

// Links inside the app open in place; anything else leaves the app.
const isInternal = (link: string) => link.startsWith('/') && !link.startsWith('//');

export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const locale = useLocale();
  const navigate = useNavigate();
  const userId = useSession().user?.id ?? '';
  const list = useNotifications(userId);
  const unread = useLiveUnreadCount(userId);
  const markRead = useMarkRead(userId);
  const markAllRead = useMarkAllRead(userId);
  const remove = useDeleteNotification(userId);
  usePageTitle(`${t('title')} | Nocturna`);

  const items = flatten(list.data);
  const groups = groupByDay(items);
  const anyUnread = unread > 0 || items.some((n) => !n.isRead);

  const open = (item: Notification) => {
    if (!item.isRead) markRead.mutate(item.id);
    if (!item.link) return;
    if (isInternal(item.link)) void navigate(item.link);
    else window.location.assign(item.link);
  };

  return (
    <section className="mx-auto w-full max-w-2xl px-5 py-8 sm:py-12">
      <PageHeader title={t('title')} lead={t('lead')}>
        {anyUnread && (
          <div className="pt-4">
            <button
              type="button"
              onClick={() => markAllRead.mutate()}
              disabled={markAllRead.isPending}
              className="inline-flex items-center gap-2 rounded-full border border-neon-500/60 px-4 py-2 text-sm font-semibold text-neon-400 transition hover:bg-neon-500/10 focus-visible:ring-2 focus-visible:ring-neon-400 focus-visible:outline-none disabled:opacity-50"
            >
              <CheckCheck aria-hidden="true" className="size-4" />
              {t('markAllRead')}
            </button>
          </div>
        )}
      </PageHeader>

      <div className="mt-8">
        {list.isPending ? (
          <NotificationListSkeleton label={t('loading')} />
        ) : list.isError && items.length === 0 ? (
          <ErrorState message={t('loadFailed')} error={list.error} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState icon={BellOff} title={t('empty.title')} text={t('empty.body')} />
        ) : (
          <div className="flex flex-col gap-6">
            {groups.map((group) => {
              const heading =
                group.day === 'date' ? formatLongDay(group.items[0]!.createdAt, locale) : t(group.day);
              return (
                <section key={group.key} aria-labelledby={`day-${group.key}`}>
                  <h2
                    id={`day-${group.key}`}
                    className="mb-2 text-xs font-bold tracking-widest text-white/50 uppercase"
                  >
                    {heading}
                  </h2>
                  <ul className="flex flex-col gap-2">
                    {group.items.map((item) => (
                      <NotificationItem
                        key={item.id}
                        item={item}
                        locale={locale}
                        onOpen={open}
                        onDelete={(n) => remove.mutate(n.id)}
                      />
                    ))}
                  </ul>
                </section>
              );
            })}
            <LoadMore
              hasMore={list.hasNextPage}
              loading={list.isFetchingNextPage}
              onLoad={() => void list.fetchNextPage()}
            />
          </div>
        )}
      </div>
    </section>
  );
}
