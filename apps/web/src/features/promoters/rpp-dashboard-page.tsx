// /rpp/dashboard: a promoter's night on a phone. What they earned and who came in tonight (live, every 30 s),
// each event with its link, code and QR, sales and entries per type, guest lists, then statements and the ranking
// among the club's promoters when the club shares it.
import { Radio, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RppDashboard } from '@nocturna/shared';
import { NothingFound, ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { formatPrice, formatTime } from '../../lib/catalogue-format.ts';
import { useRppDashboard } from './api/rpp.ts';
import { MyStatements } from './components/my-statements.tsx';
import { PromotedNightsSection } from './components/promoted-nights-section.tsx';
import { Card } from '../../components/ui/card.tsx';

function Totals({ data }: { data: RppDashboard }) {
  const { t } = useTranslation('rpp');
  const locale = useLocale();
  const items = [
    { label: t('totals.earned'), value: formatPrice(data.totals.earned.cents, locale), testId: 'rpp-earned' },
    { label: t('totals.checkedIn'), value: String(data.totals.checkedIn), testId: 'rpp-checked-in' },
    { label: t('totals.sold'), value: String(data.totals.sold), testId: 'rpp-sold' },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2">
      {items.map((i) => (
        <Card tone="accent" padding="sm" className="text-center" key={i.label}>
          <dd className="text-2xl font-black text-white" data-testid={i.testId}>
            {i.value}
          </dd>
          <dt className="text-xs text-white/60">{i.label}</dt>
        </Card>
      ))}
    </dl>
  );
}

function Tonight({ data }: { data: RppDashboard }) {
  const { t } = useTranslation('rpp');
  const locale = useLocale();
  return (
    <Card as="section" tone="success" padding="md" className="grid gap-2" aria-labelledby="tonight">
      <h2 id="tonight" className="flex items-center gap-2 text-lg font-bold text-white">
        <Radio aria-hidden="true" className="size-5 text-emerald-400" />
        {t('tonight.title', { count: data.tonight.checkedIn })}
      </h2>
      {data.tonight.recent.length === 0 ? (
        <p className="text-sm text-white/60">{t('tonight.none')}</p>
      ) : (
        <ul className="grid gap-1 text-sm text-white/80">
          {data.tonight.recent.map((r, i) => (
            <li key={`${r.at}-${i}`} className="flex justify-between gap-2">
              <span className="truncate">
                {r.holderName} · {r.type}
              </span>
              <span className="tabular-nums text-white/60">{formatTime(r.at, locale)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Rankings({ data }: { data: RppDashboard }) {
  const { t } = useTranslation('rpp');
  const shown = data.clubs.filter((c) => c.ranking);
  if (shown.length === 0) return null;
  return (
    <Card as="section" padding="md" className="grid gap-3" aria-labelledby="ranking">
      <h2 id="ranking" className="flex items-center gap-2 text-xl font-bold text-white">
        <Trophy aria-hidden="true" className="size-5 text-amber-300" /> {t('ranking.title')}
      </h2>
      {shown.map((club) => (
        <div key={club.id} className="grid gap-1">
          <p className="text-sm font-semibold text-white/70">{club.name}</p>
          <ol className="grid gap-1 text-sm">
            {club.ranking!.map((r) => (
              <li
                key={r.position}
                className={`flex justify-between rounded-lg px-2 py-1 ${r.me ? 'bg-neon-500/20 text-white' : 'text-white/70'}`}
              >
                <span>
                  {r.position}. {r.me ? t('ranking.me') : r.name}
                </span>
                <span className="tabular-nums">{t('ranking.inside', { count: r.checkedIn })}</span>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </Card>
  );
}

export default function RppDashboardPage() {
  const { t } = useTranslation('rpp');
  usePageTitle(`${t('title')} | Nocturna`);
  const dash = useRppDashboard();
  const data = dash.data;
  return (
    <section className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6 px-4 py-8 sm:px-5 sm:py-12">
      <header>
        <h1 className="text-3xl font-black tracking-tight text-white">{t('title')}</h1>
        <p className="mt-1 text-white/60">{t('lead')}</p>
      </header>
      {dash.isPending ? (
        <CenteredStatus text={t('loading')} />
      ) : dash.isError || !data ? (
        <ErrorState message={t('loadFailed')} error={dash.error} onRetry={() => void dash.refetch()} />
      ) : data.clubs.length === 0 ? (
        <NothingFound message={t('noClubs')} />
      ) : (
        <>
          {/* Tonight first: at 2 a.m. a promoter opens this to see who got in. */}
          <Tonight data={data} />
          <Totals data={data} />
          <PromotedNightsSection events={data.events} />
          <MyStatements events={data.events.map((e) => ({ id: e.id, name: e.name }))} />
          <Rankings data={data} />
        </>
      )}
    </section>
  );
}
