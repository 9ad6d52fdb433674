// The moderators' queue (admins, the club's CEO and its staff): snapshots waiting for approval and those hidden
// by reports or a takedown request, oldest first, each with approve and reject. It refreshes live.
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { NothingFound, ErrorState } from '../../../components/catalogue/query-states.tsx';
import { CenteredStatus } from '../../../components/centered-status.tsx';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { useDecide } from '../api/wall-mutations.ts';
import { useWallQueue } from '../api/wall-queries.ts';
import { snapshotTime } from '../wall-format.ts';
import { useErrorCatalogue } from '../../../lib/error-text.ts';
import { wallErrorText } from '../wall-errors.ts';
import { SnapshotPhoto } from './snapshot-photo.tsx';
import { Button } from '../../../components/ui/button.tsx';

export function ModerationQueue({ eventId }: { eventId: string }) {
  const { t } = useTranslation('wall');
  useErrorCatalogue(); // wallErrorText words a refusal from the errors catalogue
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const queue = useWallQueue(eventId, true);
  const decide = useDecide(eventId);

  if (queue.isPending) return <CenteredStatus text={t('loading')} />;
  if (queue.isError)
    return <ErrorState message={t('error')} error={queue.error} onRetry={() => void queue.refetch()} />;
  if (queue.data.items.length === 0) return <NothingFound message={t('queue.empty')} />;

  return (
    <ul className="space-y-4" aria-label={t('queue.title')}>
      {queue.data.items.map((item) => {
        const name = item.author.name;
        const act = (decision: 'approve' | 'reject') =>
          decide.mutate(
            { snapshotId: item.id, decision },
            {
              onSuccess: () =>
                toast.success(decision === 'approve' ? t('queue.approved') : t('queue.rejected')),
              onError: (error) => toast.error(wallErrorText(t, error, tc('errors.generic'))),
            },
          );
        return (
          <li
            key={item.id}
            data-testid="queue-item"
            className="grid grid-cols-[104px_1fr] gap-4 rounded-3xl border border-night-700/70 bg-night-900 p-3 sm:grid-cols-[180px_1fr] sm:p-4"
          >
            <SnapshotPhoto
              snapshot={item}
              alt={t('card.photoOf', { name })}
              insetAlt={t('card.frontOf', { name })}
              className="aspect-[4/5] w-full self-start rounded-2xl"
            />
            <div className="min-w-0 space-y-2 text-sm">
              <p className="font-semibold text-white">
                {name}{' '}
                <span className="font-normal text-white/60">· {snapshotTime(item.createdAt, locale)}</span>
              </p>
              {item.caption && <p className="break-words text-white/85">{item.caption}</p>}
              <ul className="flex flex-wrap gap-1.5">
                {item.status === 'pending' && <li className={tag}>{t('queue.pending')}</li>}
                {item.reports > 0 && <li className={tag}>{t('queue.reports', { count: item.reports })}</li>}
                {item.takedowns.map((td) => (
                  <li key={td.requester.id} className={`${tag} bg-flame-500/15 text-flame-500`}>
                    {t('queue.takedown', { name: td.requester.name })}
                    {td.note ? `: «${td.note}»` : ''}
                  </li>
                ))}
              </ul>
              <div className="flex flex-wrap gap-2 pt-1">
                <Button type="button" disabled={decide.isPending} onClick={() => act('approve')}>
                  {t('queue.approve')}
                </Button>
                <Button
                  tone="secondary"
                  type="button"
                  disabled={decide.isPending}
                  onClick={() => act('reject')}
                >
                  {t('queue.reject')}
                </Button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

const tag = 'rounded-full bg-white/10 px-2.5 py-1 text-xs font-semibold text-white/80';
