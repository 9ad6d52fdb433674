// The clubs someone runs (every club for an admin), each with its editor, its figures and a new event.
import { useState } from 'react';
import { BarChart3, Megaphone, Pencil, Plus, ShieldAlert } from 'lucide-react';
import { AppLink } from '../../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { useManagedClubs } from '../api/clubs.ts';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

const FIRST = 6;

export function ClubsSection({ analyticsBase }: { analyticsBase: 'admin' | 'ceo' }) {
  const { t } = useTranslation('manage');
  const clubs = useManagedClubs();
  // A platform has many clubs: the first few, then all of them on request.
  const [all, setAll] = useState(false);
  const shown = all ? clubs.data : clubs.data?.slice(0, FIRST);
  return (
    <section aria-labelledby="clubs-title" className="grid grid-cols-1 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="clubs-title" className="text-xl font-bold text-white">
          {t('dashboard.clubs')}
        </h2>
        <AppLink to="/gestion/discotecas/nueva" className={buttonClass({ tone: 'secondary' })}>
          <Plus aria-hidden="true" className="size-4" /> {t('actions.newClub')}
        </AppLink>
      </div>
      {clubs.isError && <p className="text-sm text-flame-500">{t('loadFailed')}</p>}
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {shown?.map((club) => (
          <Card
            as="li"
            padding="md"
            className="grid grid-cols-1 gap-2"
            key={club.id}
            data-club-row={club.slug}
          >
            <div className="flex items-baseline justify-between gap-2">
              <p className="truncate font-semibold text-white">{club.name}</p>
              <p className="shrink-0 text-xs text-white/60">
                {club.archived ? t('club.archivedBadge') : t('dashboard.aforo', { capacity: club.capacity })}
              </p>
            </div>
            <p className="text-sm text-white/60">{club.barrio}</p>
            <div className="flex flex-wrap gap-2">
              <AppLink
                to={`/gestion/discotecas/${club.id}`}
                className={buttonClass({ tone: 'secondary' })}
                aria-label={t('dashboard.editClub', { name: club.name })}
              >
                <Pencil aria-hidden="true" className="size-4" /> {t('dashboard.edit')}
              </AppLink>
              <AppLink
                to={`/${analyticsBase}/discoteca/${club.id}/analytics`}
                className={buttonClass({ tone: 'secondary' })}
                aria-label={t('dashboard.clubAnalytics', { name: club.name })}
              >
                <BarChart3 aria-hidden="true" className="size-4" /> {t('event.analytics')}
              </AppLink>
              <AppLink
                to={`/gestion/discotecas/${club.id}/rpp`}
                className={buttonClass({ tone: 'secondary' })}
                aria-label={t('dashboard.clubPromoters', { name: club.name })}
              >
                <Megaphone aria-hidden="true" className="size-4" /> {t('dashboard.promoters')}
              </AppLink>
              <AppLink
                to={`/gestion/discotecas/${club.id}/incidentes`}
                className={buttonClass({ tone: 'secondary' })}
                aria-label={t('dashboard.clubIncidents', { name: club.name })}
              >
                <ShieldAlert aria-hidden="true" className="size-4" /> {t('dashboard.incidents')}
              </AppLink>
              {!club.archived && (
                <AppLink to={`/gestion/eventos/nuevo?club=${club.id}`} className={buttonClass()}>
                  <Plus aria-hidden="true" className="size-4" /> {t('actions.newEvent')}
                </AppLink>
              )}
            </div>
          </Card>
        ))}
      </ul>
      {!all && (clubs.data?.length ?? 0) > FIRST && (
        <Button tone="secondary" type="button" onClick={() => setAll(true)}>
          {t('dashboard.allClubs', { count: clubs.data!.length })}
        </Button>
      )}
    </section>
  );
}
