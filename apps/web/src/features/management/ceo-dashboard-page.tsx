// /ceo/dashboard and /ceo-dashboard: built for a CEO on a phone during the night — what needs attention, tonight
// live (sold, inside), quick actions, the next events, their clubs, the door team and the audit log.
import { Copy, DoorOpen, Plus, UserPlus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { ClubTeamCard } from '../door/index.ts';
import { useCeoDashboard } from './api/dashboards.ts';
import { useDuplicateEvent } from './api/events.ts';
import { AlertsList } from './components/alerts-list.tsx';
import { AuditLogSection } from './components/audit-log-section.tsx';
import { ClubsSection } from './components/clubs-section.tsx';
import { LiveAforoSection } from './components/live-aforo-section.tsx';
import { NightCard } from './components/night-card.tsx';
import { UpcomingList } from './components/upcoming-list.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';

export default function CeoDashboardPage() {
  const { t } = useTranslation('manage');
  const errorText = useErrorText();
  usePageTitle(`${t('dashboard.ceoTitle')} | Nocturna`);
  const dash = useCeoDashboard();
  const duplicate = useDuplicateEvent();
  const navigate = useNavigate();
  const data = dash.data;
  const openClubs = data?.clubs.filter((c) => !c.archived) ?? [];

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-5 sm:py-12">
      <h1 className="text-3xl font-black tracking-tight text-white">{t('dashboard.ceoTitle')}</h1>
      <p className="mt-1 text-white/60">{t('dashboard.ceoLead')}</p>
      {dash.isPending ? (
        <CenteredStatus text={t('loading')} />
      ) : dash.isError || !data ? (
        <div className="mt-6">
          <ErrorState
            message={
              dash.error instanceof ApiRequestError && dash.error.status === 403
                ? t('dashboard.noClubs')
                : t('loadFailed')
            }
            error={dash.error}
            onRetry={() => void dash.refetch()}
          />
        </div>
      ) : data.clubs.length === 0 ? (
        // A CEO with no club yet: the one thing to do is open one (or be given one by an admin).
        <EmptyState
          compact
          align="start"
          className="mt-6"
          text={t('dashboard.noClubs')}
          action={
            <AppLink to="/gestion/discotecas/nueva" className={buttonClass()}>
              <Plus aria-hidden="true" className="size-4" /> {t('actions.newClub')}
            </AppLink>
          }
        />
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-8">
          <nav
            aria-label={t('dashboard.quickActions')}
            className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap"
          >
            <AppLink
              to={
                openClubs.length === 1
                  ? `/gestion/eventos/nuevo?club=${openClubs[0]!.id}`
                  : '/gestion/eventos/nuevo'
              }
              className={buttonClass()}
            >
              <Plus aria-hidden="true" className="size-4" /> {t('actions.newEvent')}
            </AppLink>
            <Button
              tone="secondary"
              type="button"
              disabled={!data.lastEventId || duplicate.isPending}
              onClick={() =>
                duplicate.mutate(data.lastEventId!, {
                  onSuccess: (copy) => {
                    toast.success(t('event.duplicated'));
                    void navigate(`/gestion/eventos/${copy.id}`);
                  },
                  onError: (e) => toast.error(errorText(e, t('form.saveFailed'))),
                })
              }
            >
              <Copy aria-hidden="true" className="size-4" /> {t('actions.duplicateLast')}
            </Button>
            <AppLink to="/puerta" className={buttonClass({ tone: 'secondary' })}>
              <DoorOpen aria-hidden="true" className="size-4" /> {t('actions.openDoor')}
            </AppLink>
            <a href="#equipo" className={buttonClass({ tone: 'secondary' })}>
              <UserPlus aria-hidden="true" className="size-4" /> {t('actions.addStaff')}
            </a>
          </nav>

          <LiveAforoSection />
          <AlertsList alerts={data.alerts} />

          <section aria-labelledby="tonight-title" className="grid grid-cols-1 gap-3">
            <h2 id="tonight-title" className="text-xl font-bold text-white">
              {t('dashboard.tonight')}
            </h2>
            {data.tonight.length === 0 ? (
              <p className="text-sm text-white/60">{t('dashboard.nothingTonight')}</p>
            ) : (
              <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
                {data.tonight.map((e) => (
                  <NightCard key={e.id} event={e} analyticsBase="ceo" />
                ))}
              </div>
            )}
          </section>

          <section aria-labelledby="next-title" className="grid grid-cols-1 gap-3">
            <h2 id="next-title" className="text-xl font-bold text-white">
              {t('dashboard.next')}
            </h2>
            <UpcomingList events={data.next} />
          </section>

          <ClubsSection analyticsBase="ceo" />

          <section id="equipo" aria-labelledby="team-title" className="grid grid-cols-1 scroll-mt-24 gap-3">
            <h2 id="team-title" className="text-xl font-bold text-white">
              {t('dashboard.team')}
            </h2>
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              {openClubs.map((club) => (
                <ClubTeamCard key={club.id} club={club} />
              ))}
            </div>
          </section>

          <AuditLogSection />
        </div>
      )}
    </section>
  );
}
