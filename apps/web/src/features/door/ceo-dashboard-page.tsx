// /ceo/dashboard and /ceo-dashboard (ceo only): the clubs I run, each with its door team, and the door of
// tonight's events at those clubs.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/catalogue/page-header.tsx';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { useDoorAccess } from './api/get-door-access.ts';
import { ClubTeamCard } from './components/club-team-card.tsx';
import { DoorEventCards } from './components/door-event-cards.tsx';
import { DoorMessage } from './components/door-message.tsx';

export default function CeoDashboardPage() {
  const { t } = useTranslation('door');
  const access = useDoorAccess();
  usePageTitle(`${t('ceo.title')} | Nocturna`);
  const owned = access.data?.clubs.filter((c) => c.role === 'owner') ?? [];
  return (
    <section className="mx-auto w-full max-w-5xl px-5 py-8 sm:py-12">
      <PageHeader title={t('ceo.title')} lead={t('ceo.lead')} />
      <div className="mt-8">
        {access.isPending ? (
          <CenteredStatus text={t('page.loading')} />
        ) : access.isError ? (
          <ErrorState message={t('ceo.error')} error={access.error} onRetry={() => void access.refetch()} />
        ) : owned.length === 0 ? (
          <DoorMessage text={t('ceo.noClubs')} />
        ) : (
          <div className="grid gap-8">
            <section aria-labelledby="tonight-title">
              <h2 id="tonight-title" className="mb-3 text-xl font-bold text-white">
                {t('ceo.tonight')}
              </h2>
              <DoorEventCards clubIds={owned.map((c) => c.id)} />
            </section>
            <div className="grid gap-4 lg:grid-cols-2">
              {owned.map((club) => (
                <ClubTeamCard key={club.id} club={club} />
              ))}
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
