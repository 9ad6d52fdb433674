// /admin/evento/:id/analytics (admin) and /ceo/evento/:id/analytics (the club's CEO): how a night sold and
// filled. Refreshed every 30 s, so it doubles as the live view during the night.
import { useParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { formatNight, formatPrice, formatTime } from '../../lib/catalogue-format.ts';
import { csvLangOf, eventCsvUrl, useEventAnalytics } from './api/analytics.ts';
import { ChartCard, DataTable } from './components/analytics-parts.tsx';
import { BarsChart } from './components/bar-charts.tsx';
import { EventKpis } from './components/event-kpis.tsx';
import { SalesChart } from './components/sales-chart.tsx';
import { cumulativeSales } from './cumulative-sales.ts';
import { EventOrdersCard } from '../payments/index.ts';

export default function EventAnalyticsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('analytics');
  const locale = useLocale();
  const query = useEventAnalytics(id);
  const data = query.data;
  usePageTitle(data ? t('event.pageTitle', { name: data.event.name }) : undefined);
  if (query.isPending) return <CenteredStatus text={t('loading')} />;
  if (query.isError || !data)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <ErrorState message={t('loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  const sales = cumulativeSales(data.salesOverTime, data.byType);
  const slots = data.checkinsBySlot.map((x) => ({ ...x, label: formatTime(x.slot, locale) }));
  const num = (n: number) => n.toLocaleString(locale);
  const csv = (table: string) => eventCsvUrl(id, table, csvLangOf(locale));

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-5 sm:py-12">
      <header className="space-y-1">
        <p className="text-sm font-semibold text-neon-300">{data.event.clubName}</p>
        <h1 className="text-3xl font-black tracking-tight text-white">{data.event.name}</h1>
        <p className="text-white/60">
          {formatNight(t, data.event.startAt, data.event.endAt, locale)} · {t(`status.${data.event.status}`)}
        </p>
        <div className="flex flex-wrap gap-2 pt-2">
          <AppLink to={`/gestion/eventos/${data.event.id}`} className={buttonClass({ tone: 'secondary' })}>
            {t('event.manage')}
          </AppLink>
          <AppLink
            to={`/gestion/discotecas/${data.event.clubId}`}
            className={buttonClass({ tone: 'secondary' })}
          >
            {t('event.club')}
          </AppLink>
        </div>
      </header>

      <EventKpis data={data} />

      <div className="mt-6">
        <EventOrdersCard eventId={data.event.id} />
      </div>

      <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ChartCard
          title={t('charts.sales')}
          csv={csv('sales')}
          empty={sales.length ? null : t('empty.sales')}
        >
          <SalesChart sales={sales} types={data.byType} />
        </ChartCard>
        <ChartCard
          title={t('charts.checkins')}
          csv={csv('checkins')}
          empty={slots.length ? null : t('empty.checkins')}
        >
          <BarsChart
            height="h-64"
            testId="checkins-chart"
            data={slots}
            category="label"
            bars={[{ key: 'entries', name: t('charts.entries'), colour: 1 }]}
          />
        </ChartCard>
        <ChartCard
          title={t('charts.types')}
          csv={csv('types')}
          empty={data.byType.length ? null : t('empty.types')}
        >
          <DataTable
            label={t('tableLabel', { title: t('charts.types') })}
            head={[
              t('table.type'),
              t('table.capacity'),
              t('table.sold'),
              t('table.revenue'),
              t('table.expectedAtDoor'),
              t('table.checkedIn'),
            ]}
            rows={data.byType.map((x) => [
              x.name,
              num(x.capacity),
              num(x.sold),
              formatPrice(x.revenueCents, locale),
              formatPrice(x.expectedAtDoorCents, locale),
              num(x.checkedIn),
            ])}
          />
        </ChartCard>
        <ChartCard title={t('charts.channels')} csv={csv('channels')}>
          <BarsChart
            height="h-48"
            data={data.byChannel.map((c) => ({ ...c, label: t(`channel.${c.channel}`) }))}
            category="label"
            rows={{ labelWidth: 96 }}
            legend
            bars={[
              { key: 'sold', name: t('table.sold'), colour: 0 },
              { key: 'checkedIn', name: t('table.checkedIn'), colour: 4 },
            ]}
          />
        </ChartCard>
        <ChartCard
          title={t('charts.promoters')}
          csv={csv('promoters')}
          empty={data.promoters.length ? null : t('empty.promoters')}
        >
          <DataTable
            label={t('tableLabel', { title: t('charts.promoters') })}
            lead={2}
            head={[t('table.code'), t('table.promoter'), t('table.sold'), t('table.checkedIn')]}
            rows={data.promoters.map((p) => [p.code, p.promoter ?? '—', num(p.sold), num(p.checkedIn)])}
          />
        </ChartCard>
        <ChartCard
          title={t('charts.audience')}
          empty={data.ages.some((a) => a.people) ? null : t('empty.audience')}
        >
          <BarsChart
            height="h-48"
            data={data.ages}
            category="bucket"
            minTickGap={5}
            bars={[{ key: 'people', name: t('charts.people'), colour: 2 }]}
          />
          <ul className="mt-3 flex flex-wrap gap-2 text-sm">
            {data.genders.map((g) => (
              <li key={g.gender} className="rounded-full bg-white/10 px-3 py-1 text-white/80">
                {t(`gender.${g.gender}`, { defaultValue: t('gender.unknown') })}:{' '}
                <strong className="text-white">{num(g.people)}</strong>
              </li>
            ))}
          </ul>
        </ChartCard>
      </div>
    </section>
  );
}
