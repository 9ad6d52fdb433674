// /novedades: what changed for the person since they last looked (new nights at clubs they went to, price drops,
// places freed by cancellations, connections going, DJs they follow booked, connections' photos on event walls),
// with "marcar todo como leído". A visitor sees the nights announced this week and an invitation to sign in for
// the rest.
import { CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/catalogue/page-header.tsx';
import { NothingFound, ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { openAuthModal } from '../auth/index.ts';
import { useSession } from '../auth/api/use-session.ts';
import { useWhatsNew } from './api/get-whats-new.ts';
import { useMarkAllWhatsNewRead } from './api/use-mark-all-read.ts';
import { LaterGroup } from './components/later-group.tsx';
import { WhatsNewItemRow } from './components/whats-new-item.tsx';
import { Button } from '../../components/ui/button.tsx';

export default function WhatsNewPage() {
  const { t } = useTranslation('whats-new');
  usePageTitle(t('pageTitle'));
  const userId = useSession().user?.id ?? null;
  const feed = useWhatsNew(userId);
  const markAll = useMarkAllWhatsNewRead();
  const data = feed.data;

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6 lg:py-10">
      <PageHeader title={t('title')} lead={userId ? t('lead') : t('leadVisitor')}>
        {data && data.personal && (
          <div className="flex flex-wrap items-center justify-between gap-3 pt-3">
            <p role="status" className="text-sm text-white/70">
              {data.unread > 0 ? t('unread', { count: data.unread }) : t('allRead')}
            </p>
            <Button
              type="button"
              onClick={() => markAll.mutate()}
              disabled={data.unread === 0 || markAll.isPending}
              className="disabled:bg-night-800 disabled:text-white/40 disabled:shadow-none"
            >
              <CheckCheck aria-hidden className="size-4" />
              {t('markAllRead')}
            </Button>
          </div>
        )}
      </PageHeader>
      {!userId && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-neon-500/30 bg-neon-500/5 p-4">
          <p className="text-sm text-white/75">{t('signInPitch')}</p>
          <Button type="button" onClick={() => openAuthModal('signIn')}>
            {t('signIn')}
          </Button>
        </div>
      )}
      {feed.isPending ? (
        <p role="status" className="text-sm text-white/60">
          {t('loading')}
        </p>
      ) : feed.isError ? (
        <ErrorState message={t('error')} error={feed.error} onRetry={() => void feed.refetch()} />
      ) : (
        <>
          {data!.items.length === 0 ? (
            <NothingFound message={userId ? t('empty') : t('emptyVisitor')} />
          ) : (
            <ul className="space-y-2" aria-label={t('title')}>
              {data!.items.map((item) => (
                <WhatsNewItemRow key={item.id} item={item} />
              ))}
            </ul>
          )}
          {data!.later.length > 0 && <LaterGroup items={data!.later} />}
        </>
      )}
    </div>
  );
}
