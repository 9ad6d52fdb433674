// The platform in figures for the admin, and the button that loads the spec's demo data (safe to press twice).
import toast from 'react-hot-toast';
import { Database } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAdminOverview, useDemoSeed } from '../api/dashboards.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

export function AdminOverviewSection() {
  const { t } = useTranslation('manage');
  const overview = useAdminOverview();
  const seed = useDemoSeed();
  const o = overview.data;
  const tiles = o
    ? [
        [t('overview.users'), o.users, t('overview.newThisWeek', { count: o.newUsersThisWeek })],
        [t('overview.clubs'), o.clubs, null],
        [t('overview.upcoming'), o.upcomingEvents, null],
        [t('overview.tickets'), o.ticketsThisWeek, null],
        [t('overview.checkIns'), o.checkInsThisWeek, null],
        [t('overview.reports'), o.openReports, null],
      ]
    : [];
  return (
    <section aria-labelledby="overview-title" className="grid grid-cols-1 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="overview-title" className="text-xl font-bold text-white">
          {t('overview.title')}
        </h2>
        <Button
          tone="secondary"
          type="button"
          disabled={seed.isPending}
          onClick={() =>
            seed.mutate(undefined, {
              onSuccess: (r) =>
                r.success
                  ? toast.success(t('overview.seeded'))
                  : toast.error(r.error ?? t('overview.seedFailed')),
              onError: () => toast.error(t('overview.seedFailed')),
            })
          }
        >
          <Database aria-hidden="true" className="size-4" /> {t('overview.seed')}
        </Button>
      </div>
      {overview.isError && <p className="text-sm text-flame-500">{t('loadFailed')}</p>}
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
        {tiles.map(([label, value, detail]) => (
          <Card padding="sm" key={String(label)}>
            <dt className="text-xs font-semibold tracking-wide text-white/60 uppercase">{label}</dt>
            <dd className="mt-1 text-2xl font-black text-white tabular-nums">
              {Number(value).toLocaleString()}
            </dd>
            {detail && <dd className="text-xs text-white/50">{detail}</dd>}
          </Card>
        ))}
      </dl>
    </section>
  );
}
