// /admin/discoteca/:id/analytics (admin) and /ceo/discoteca/:id/analytics (its CEO): a club over a period —
// each night's sales and entries, the latest night against the four before it on the same weekday, best
// nights, repeat customers and the genres that sell.
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { madridWallClock } from '@nocturna/shared/madrid-time';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { focusRing } from '../../components/focus-ring.ts';
import {
  formatDay,
  formatNightDay,
  formatPercent as percent,
  formatPrice,
} from '../../lib/catalogue-format.ts';
import { clubCsvUrl, csvLangOf, useClubAnalytics } from './api/analytics.ts';
import {
  CHART_COLOURS,
  ChartCard,
  DataTable,
  Kpi,
  axisStyle,
  tooltipStyle,
} from './components/analytics-parts.tsx';
import { useGenreLabel } from '../../components/catalogue/use-genre-label.ts';
import { Button } from '../../components/ui/button.tsx';

const DAY = 86_400_000;
const PRESETS = [30, 90, 365] as const;
const dateIn = (days: number) => madridWallClock(new Date(Date.now() + days * DAY)).date;

export default function ClubAnalyticsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('analytics');
  const genreLabel = useGenreLabel();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const period = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const [draft, setDraft] = useState({ from: period.from ?? dateIn(-90), to: period.to ?? dateIn(30) });
  const query = useClubAnalytics(id, period);
  const data = query.data;
  usePageTitle(data ? t('club.pageTitle', { name: data.club.name }) : undefined);
  const num = (n: number) => n.toLocaleString(locale);
  const lang = csvLangOf(locale);
  const setPeriod = (from: string, to: string) => {
    setDraft({ from, to });
    setParams({ from, to }, { replace: true });
  };

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-5 sm:py-12">
      <header className="space-y-1">
        <h1 className="text-3xl font-black tracking-tight text-white">
          {data?.club.name ?? t('club.title')}
        </h1>
        {data && (
          <p className="text-white/60">
            {t('club.period', {
              from: formatDay(`${data.period.from}T12:00:00Z`, locale),
              to: formatDay(`${data.period.to}T12:00:00Z`, locale),
            })}
          </p>
        )}
      </header>

      <form
        className="mt-4 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setPeriod(draft.from, draft.to);
        }}
      >
        {PRESETS.map((days) => (
          <Button
            tone="secondary"
            key={days}
            type="button"
            onClick={() => setPeriod(dateIn(-days), dateIn(0))}
          >
            {t('club.lastDays', { count: days })}
          </Button>
        ))}
        <label className="text-sm text-white/70">
          {t('club.from')}
          <input
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            className={`mt-1 block h-10 rounded-xl border border-white/10 bg-night-800 px-2 text-white ${focusRing}`}
          />
        </label>
        <label className="text-sm text-white/70">
          {t('club.to')}
          <input
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            className={`mt-1 block h-10 rounded-xl border border-white/10 bg-night-800 px-2 text-white ${focusRing}`}
          />
        </label>
        <Button tone="secondary" type="submit">
          {t('club.apply')}
        </Button>
      </form>

      {query.isPending ? (
        <CenteredStatus text={t('loading')} />
      ) : query.isError || !data ? (
        <div className="mt-6">
          <ErrorState message={t('loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
        </div>
      ) : (
        <>
          <div className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
            <Kpi label={t('kpi.sold')} value={num(data.totals.sold)} />
            <Kpi
              label={t('kpi.revenue')}
              value={formatPrice(data.totals.revenueCents, locale)}
              detail={t('kpi.revenueDetail')}
            />
            <Kpi
              label={t('kpi.expectedAtDoor')}
              value={formatPrice(data.totals.expectedAtDoorCents, locale)}
              detail={t('kpi.expectedAtDoorDetail')}
            />
            <Kpi label={t('kpi.checkedIn')} value={num(data.totals.checkedIn)} />
            <Kpi label={t('kpi.customers')} value={num(data.totals.customers)} />
            <Kpi
              label={t('kpi.repeat')}
              value={num(data.totals.repeatCustomers)}
              detail={percent(
                data.totals.customers ? data.totals.repeatCustomers / data.totals.customers : null,
                locale,
              )}
            />
            <Kpi label={t('kpi.noShow')} value={percent(data.totals.noShowRate, locale)} />
            <Kpi
              label={t('kpi.perNight')}
              value={data.totals.events ? num(Math.round(data.totals.checkedIn / data.totals.events)) : '—'}
            />
            <Kpi label={t('kpi.nights')} value={num(data.totals.events)} />
          </div>
          <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-2">
            <ChartCard
              title={t('charts.nights')}
              csv={clubCsvUrl(id, 'events', period, lang)}
              empty={data.events.length ? null : t('empty.nights')}
            >
              <div className="h-64" data-testid="nights-chart">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart
                    data={data.events.map((e) => ({ ...e, label: formatNightDay(e.startAt, locale) }))}
                    margin={{ left: -16, right: 8 }}
                  >
                    <CartesianGrid stroke="rgba(255,255,255,0.08)" vertical={false} />
                    <XAxis dataKey="label" tick={axisStyle} minTickGap={16} />
                    <YAxis tick={axisStyle} allowDecimals={false} />
                    <Tooltip
                      {...tooltipStyle}
                      labelFormatter={(_l, p) =>
                        String((p?.[0]?.payload as { name?: string } | undefined)?.name ?? '')
                      }
                    />
                    <Legend wrapperStyle={{ fontSize: 12 }} />
                    <Bar
                      dataKey="sold"
                      name={t('table.sold')}
                      fill={CHART_COLOURS[0]}
                      radius={[4, 4, 0, 0]}
                    />
                    <Bar
                      dataKey="checkedIn"
                      name={t('table.checkedIn')}
                      fill={CHART_COLOURS[4]}
                      radius={[4, 4, 0, 0]}
                    />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </ChartCard>
            <ChartCard
              title={
                data.comparison.weekday
                  ? t('charts.comparison', { day: t(`weekday.${data.comparison.weekday}`) })
                  : t('charts.comparisonNone')
              }
              empty={data.comparison.nights.length ? null : t('empty.comparison')}
            >
              <DataTable
                label={t('tableLabel', { title: t('charts.comparisonNone') })}
                head={[t('table.night'), t('table.sold'), t('table.checkedIn'), t('table.revenue')]}
                rows={data.comparison.nights.map((e, i) => [
                  `${formatNightDay(e.startAt, locale)}${i === 0 ? ` · ${t('table.latest')}` : ''}`,
                  num(e.sold),
                  num(e.checkedIn),
                  formatPrice(e.revenueCents, locale),
                ])}
              />
            </ChartCard>
            <ChartCard title={t('charts.best')} empty={data.bestNights.length ? null : t('empty.nights')}>
              <ol className="grid grid-cols-1 gap-2">
                {data.bestNights.map((e, i) => (
                  <li
                    key={e.id}
                    className="flex items-center justify-between gap-3 rounded-xl bg-white/5 px-3 py-2"
                  >
                    <span className="min-w-0 truncate text-white">
                      <span className="mr-2 font-black text-neon-300">{i + 1}</span>
                      <Link to={`../../evento/${e.id}/analytics`} relative="path" className="hover:underline">
                        {e.name}
                      </Link>
                      <span className="ml-2 text-xs text-white/50">{formatNightDay(e.startAt, locale)}</span>
                    </span>
                    <span className="shrink-0 text-sm text-white/80 tabular-nums">
                      {t('table.inOf', { in: num(e.checkedIn), sold: num(e.sold) })}
                    </span>
                  </li>
                ))}
              </ol>
            </ChartCard>
            <ChartCard
              title={t('charts.genres')}
              csv={clubCsvUrl(id, 'genres', period, lang)}
              empty={data.topGenres.length ? null : t('empty.genres')}
            >
              <div className="h-56">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={data.topGenres} layout="vertical" margin={{ left: 8, right: 16 }}>
                    <XAxis type="number" tick={axisStyle} allowDecimals={false} />
                    <YAxis
                      type="category"
                      dataKey="genre"
                      tick={axisStyle}
                      width={90}
                      tickFormatter={genreLabel}
                    />
                    <Tooltip
                      {...tooltipStyle}
                      labelFormatter={(g) => (typeof g === 'string' ? genreLabel(g) : g)}
                    />
                    <Bar
                      dataKey="sold"
                      name={t('table.sold')}
                      fill={CHART_COLOURS[2]}
                      radius={[0, 4, 4, 0]}
                    />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </ChartCard>
          </div>
          <div className="mt-4">
            <ChartCard
              title={t('charts.allNights')}
              csv={clubCsvUrl(id, 'events', period, lang)}
              empty={data.events.length ? null : t('empty.nights')}
            >
              <DataTable
                label={t('tableLabel', { title: t('charts.allNights') })}
                lead={2}
                head={[
                  t('table.night'),
                  t('table.event'),
                  t('table.capacity'),
                  t('table.sold'),
                  t('table.checkedIn'),
                  t('table.revenue'),
                  t('table.expectedAtDoor'),
                ]}
                rows={[...data.events]
                  .reverse()
                  .map((e) => [
                    formatNightDay(e.startAt, locale),
                    e.name,
                    num(e.capacity),
                    num(e.sold),
                    num(e.checkedIn),
                    formatPrice(e.revenueCents, locale),
                    formatPrice(e.expectedAtDoorCents, locale),
                  ])}
              />
            </ChartCard>
          </div>
        </>
      )}
    </section>
  );
}
