// /gestion/discotecas/{clubId}/incidentes: a club's incidents for its CEO (and admins) with filters by type and
// event and a CSV export of what the filters show, and the club's ban list, where someone is banned (found by a
// ticket of theirs) and a ban is lifted.
import { useState } from 'react';
import { Download } from 'lucide-react';
import { useParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { INCIDENT_TYPES, type IncidentType } from '@nocturna/shared/incident-values';
import { NothingFound, ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { focusRing } from '../../components/focus-ring.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../lib/paths.ts';
import { clubIncidentsCsvUrl, useClubBans, useClubIncidents, type IncidentFilters } from './api/incidents.ts';
import { BanList } from './components/ban-list.tsx';
import { IncidentList } from './components/incident-list.tsx';
import { NewBanForm } from './components/new-ban-form.tsx';

const select = `h-11 min-w-0 rounded-xl border border-white/15 bg-night-950 px-3 text-white ${focusRing}`;

export default function ClubIncidentsPage() {
  const { t } = useTranslation('incidents');
  const { clubId = '' } = useParams();
  const [type, setType] = useState<IncidentType | ''>('');
  const [eventId, setEventId] = useState('');
  const filters: IncidentFilters = { type: type || undefined, eventId: eventId || undefined };
  const incidents = useClubIncidents(clubId, filters);
  const all = useClubIncidents(clubId, {});
  const bans = useClubBans(clubId);
  usePageTitle(`${t('club.title')} | Nocturna`);

  if (incidents.isPending || bans.isPending) return <CenteredStatus text={t('club.loading')} />;
  if (incidents.isError || bans.isError)
    return (
      <ErrorState
        message={t('club.notFound')}
        error={incidents.error ?? bans.error}
        onRetry={() => {
          void incidents.refetch();
          void bans.refetch();
        }}
      />
    );
  const events = [...new Map((all.data?.items ?? []).map((i) => [i.eventId, i.eventName])).entries()];

  return (
    <section className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-6 sm:px-5 sm:py-10">
      <header>
        <AppLink to={paths.ceoDashboard} className={`text-sm font-semibold text-neon-400 ${focusRing}`}>
          {t('club.back')}
        </AppLink>
        <h1 className="mt-2 text-2xl font-black tracking-tight text-white sm:text-3xl">{t('club.title')}</h1>
        <p className="text-sm text-white/60">{t('club.private')}</p>
      </header>

      <section aria-labelledby="bans-title" className="grid gap-3">
        <h2 id="bans-title" className="text-lg font-bold text-white">
          {t('bans.title', { count: bans.data.items.length })}
        </h2>
        <NewBanForm clubId={clubId} />
        <BanList clubId={clubId} items={bans.data.items} />
      </section>

      <section aria-labelledby="incidents-title" className="grid gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="incidents-title" className="text-lg font-bold text-white">
            {t('club.incidents')}
          </h2>
          <a
            href={clubIncidentsCsvUrl(clubId, filters)}
            className={buttonClass({ tone: 'secondary' })}
            download
          >
            <Download aria-hidden="true" className="size-4" /> {t('club.csv')}
          </a>
        </div>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <label className="grid gap-1 text-xs text-white/60">
            {t('fields.type')}
            <select
              className={select}
              value={type}
              onChange={(e) => setType(e.target.value as IncidentType | '')}
            >
              <option value="">{t('club.allTypes')}</option>
              {INCIDENT_TYPES.map((k) => (
                <option key={k} value={k}>
                  {t(`types.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-xs text-white/60">
            {t('club.event')}
            <select className={select} value={eventId} onChange={(e) => setEventId(e.target.value)}>
              <option value="">{t('club.allEvents')}</option>
              {events.map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </div>
        {/* Dimmed and marked busy while a new filter's list is on its way. */}
        <div
          aria-busy={incidents.isPlaceholderData}
          data-testid="incident-results"
          className={incidents.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        >
          {incidents.data.items.length === 0 ? (
            <NothingFound message={t('club.empty')} />
          ) : (
            <IncidentList items={incidents.data.items} showEvent />
          )}
        </div>
      </section>
    </section>
  );
}
