// /admin/discoteca/:id/analytics (admin) and /ceo/discoteca/:id/analytics (its CEO): a club over a period —
// each night's sales and entries, the latest night against the four before it on the same weekday, best
// nights, repeat customers and the genres that sell.
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { formatDay, formatNightDay, formatPrice } from '../../lib/catalogue-format.ts';
import { clubCsvUrl, csvLangOf, useClubAnalytics } from './api/analytics.ts';
import { ChartCard, DataTable } from './components/analytics-parts.tsx';
import { BarsChart } from './components/bar-charts.tsx';
import { BestNights } from './components/best-nights.tsx';
import { ClubKpis } from './components/club-kpis.tsx';
import { PeriodForm } from './components/period-form.tsx';
import { useGenreLabel } from '../../components/catalogue/use-genre-label.ts';

export default function ClubAnalyticsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('analytics');
  const genreLabel = useGenreLabel();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const period = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const query = useClubAnalytics(id, period);
  const data = query.data;
  usePageTitle(data ? t('club.pageTitle', { name: data.club.name }) : undefined);
  const num = (n: number) => n.toLocaleString(locale);
  const lang = csvLangOf(locale);
  const setPeriod = (from: string, to: string) => setParams({ from, to }, { replace: true });

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

      <PeriodForm initial={period} onPeriod={setPeriod} />

      {query.isPending ? (
        <CenteredStatus text={t('loading')} />
      ) : query.isError || !data ? (
        <div className="mt-6">
          <ErrorState message={t('loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
        </div>
      ) : (
        <>
          <ClubKpis totals={data.totals} />
          <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-2">
            <ChartCard
              title={t('charts.nights')}
              csv={clubCsvUrl(id, 'events', period, lang)}
              empty={data.events.length ? null : t('empty.nights')}
            >
              <BarsChart
                height="h-64"
                testId="nights-chart"
                data={data.events.map((e) => ({ ...e, label: formatNightDay(e.startAt, locale) }))}
                category="label"
                minTickGap={16}
                legend
                tooltipLabel={(_label, night) => night?.name ?? ''}
                bars={[
                  { key: 'sold', name: t('table.sold'), colour: 0 },
                  { key: 'checkedIn', name: t('table.checkedIn'), colour: 4 },
                ]}
              />
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
            <BestNights nights={data.bestNights} />
            <ChartCard
              title={t('charts.genres')}
              csv={clubCsvUrl(id, 'genres', period, lang)}
              empty={data.topGenres.length ? null : t('empty.genres')}
            >
              <BarsChart
                height="h-56"
                data={data.topGenres}
                category="genre"
                rows={{ labelWidth: 90 }}
                tickFormatter={genreLabel}
                tooltipLabel={(genre) => (typeof genre === 'string' ? genreLabel(genre) : String(genre))}
                bars={[{ key: 'sold', name: t('table.sold'), colour: 2 }]}
              />
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
