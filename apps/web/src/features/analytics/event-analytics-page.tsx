// /admin/evento/:id/analytics (admin) and /ceo/evento/:id/analytics (the club's CEO): how a night sold and
// filled. Refreshed every 30 s, so it doubles as the live view during the night.
import { useParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { secondaryButton } from '../../components/pill-buttons.ts';
import {
  formatDay,
  formatNight,
  formatPercent as percent,
  formatPrice,
  formatTime,
} from '../../lib/catalogue-format.ts';
import { csvLangOf, eventCsvUrl, useEventAnalytics } from './api/analytics.ts';
import {
  CHART_COLOURS,
  ChartCard,
  DataTable,
  Kpi,
  axisStyle,
  tooltipStyle,
} from './components/analytics-parts.tsx';
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
  const s = data.summary;
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
          <AppLink to={`/gestion/eventos/${data.event.id}`} className={secondaryButton}>
            {t('event.manage')}
          </AppLink>
          <AppLink to={`/gestion/discotecas/${data.event.clubId}`} className={secondaryButton}>
            {t('event.club')}
          </AppLink>
        </div>
      </header>

      <div className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <Kpi
          label={t('kpi.sold')}
          value={num(s.sold)}
          detail={t('kpi.ofCapacity', { capacity: num(s.capacity) })}
        />
        <Kpi
          label={t('kpi.revenue')}
          value={formatPrice(s.revenueCents, locale)}
          detail={t('kpi.revenueDetail')}
        />
        <Kpi
          label={t('kpi.expectedAtDoor')}
          value={formatPrice(s.expectedAtDoorCents, locale)}
          detail={t('kpi.expectedAtDoorDetail')}
        />
        <Kpi
          label={t('kpi.checkedIn')}
          value={num(s.checkedIn)}
          detail={percent(s.sold ? s.checkedIn / s.sold : null, locale)}
        />
        <Kpi label={t('kpi.insideNow')} value={num(s.insideNow)} />
        <Kpi
          label={t('kpi.noShow')}
          value={percent(s.noShowRate, locale)}
          detail={s.noShowRate === null ? t('kpi.noShowLater') : undefined}
        />
        <Kpi label={t('kpi.transfers')} value={num(s.transfers)} />
        <Kpi label={t('kpi.cancellations')} value={num(s.cancellations)} />
        <Kpi
          label={t('kpi.promoterShare')}
          value={percent(
            s.sold ? (data.byChannel.find((c) => c.channel === 'promoter')?.sold ?? 0) / s.sold : null,
            locale,
          )}
        />
      </div>

      <div className="mt-6">
        <EventOrdersCard eventId={data.event.id} />
      </div>

      <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ChartCard
          title={t('charts.sales')}
          csv={csv('sales')}
          empty={sales.length ? null : t('empty.sales')}
        >
          <div className="h-64" data-testid="sales-chart">
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={sales} margin={{ left: -16, right: 8 }}>
                <CartesianGrid stroke="rgba(255,255,255,0.08)" vertical={false} />
                <XAxis
                  dataKey="day"
                  tick={axisStyle}
                  tickFormatter={(d: string) => formatDay(`${d}T12:00:00Z`, locale)}
                  minTickGap={24}
                />
                <YAxis tick={axisStyle} allowDecimals={false} />
                <Tooltip
                  {...tooltipStyle}
                  labelFormatter={(d) => formatDay(`${d as string}T12:00:00Z`, locale)}
                />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                {data.byType.map((type, i) => (
                  <Area
                    key={type.id}
                    type="monotone"
                    dataKey={type.id}
                    name={type.name}
                    stackId="1"
                    stroke={CHART_COLOURS[i % CHART_COLOURS.length]}
                    fill={CHART_COLOURS[i % CHART_COLOURS.length]}
                    fillOpacity={0.35}
                  />
                ))}
              </AreaChart>
            </ResponsiveContainer>
          </div>
        </ChartCard>
        <ChartCard
          title={t('charts.checkins')}
          csv={csv('checkins')}
          empty={slots.length ? null : t('empty.checkins')}
        >
          <div className="h-64" data-testid="checkins-chart">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={slots} margin={{ left: -16, right: 8 }}>
                <CartesianGrid stroke="rgba(255,255,255,0.08)" vertical={false} />
                <XAxis dataKey="label" tick={axisStyle} minTickGap={12} />
                <YAxis tick={axisStyle} allowDecimals={false} />
                <Tooltip {...tooltipStyle} />
                <Bar
                  dataKey="entries"
                  name={t('charts.entries')}
                  fill={CHART_COLOURS[1]}
                  radius={[4, 4, 0, 0]}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
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
          <div className="h-48">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                data={data.byChannel.map((c) => ({ ...c, label: t(`channel.${c.channel}`) }))}
                layout="vertical"
                margin={{ left: 8, right: 16 }}
              >
                <XAxis type="number" tick={axisStyle} allowDecimals={false} />
                <YAxis type="category" dataKey="label" tick={axisStyle} width={96} />
                <Tooltip {...tooltipStyle} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Bar dataKey="sold" name={t('table.sold')} fill={CHART_COLOURS[0]} radius={[0, 4, 4, 0]} />
                <Bar
                  dataKey="checkedIn"
                  name={t('table.checkedIn')}
                  fill={CHART_COLOURS[4]}
                  radius={[0, 4, 4, 0]}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
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
          <div className="h-48">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data.ages} margin={{ left: -16, right: 8 }}>
                <XAxis dataKey="bucket" tick={axisStyle} />
                <YAxis tick={axisStyle} allowDecimals={false} />
                <Tooltip {...tooltipStyle} />
                <Bar
                  dataKey="people"
                  name={t('charts.people')}
                  fill={CHART_COLOURS[2]}
                  radius={[4, 4, 0, 0]}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
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
