// What the list beside the map (desktop) or in the bottom sheet (phone) shows: a tapped club's events, or
// trending nights, where the person's connections are going, and every event found.
import type { ExploreEvent, ExploreResult } from '@nocturna/shared';
import { Flame, Users, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link.tsx';
import { openAuthModal } from '../../auth/index.ts';
import { ExploreEventRow } from './explore-event-row.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';

type Props = {
  result: ExploreResult;
  signedIn: boolean;
  selectedClubId: string | null;
  onClearClub: () => void;
  onClearFilters: () => void;
};

function Group({
  title,
  icon,
  children,
  testId,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section aria-label={title} data-testid={testId} className="space-y-2">
      <h2 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-white/80 uppercase">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

const rows = (events: ExploreEvent[], selectedClubId: string | null) => (
  <ul className="space-y-2">
    {events.map((e) => (
      <ExploreEventRow key={e.id} event={e} highlighted={e.clubId === selectedClubId} />
    ))}
  </ul>
);

export function ExploreLists({ result, signedIn, selectedClubId, onClearClub, onClearFilters }: Props) {
  const { t } = useTranslation('explore');
  const byId = new Map(result.events.map((e) => [e.id, e]));
  const pick = (ids: string[]) => ids.flatMap((id) => byId.get(id) ?? []);

  if (result.events.length === 0)
    return (
      <EmptyState
        compact
        text={t('empty')}
        action={
          <Button type="button" onClick={onClearFilters}>
            {t('clearFilters')}
          </Button>
        }
      />
    );

  const club = selectedClubId ? result.clubs.find((c) => c.id === selectedClubId) : undefined;
  if (club)
    return (
      <Group title={t('atClub', { name: club.name })} testId="explore-club-events">
        <button
          type="button"
          onClick={onClearClub}
          className="inline-flex items-center gap-1 rounded-full border border-neon-500/50 bg-neon-500/10 px-3 py-1 text-sm text-neon-400 hover:bg-neon-500/20"
        >
          <X aria-hidden className="size-3.5" />
          {t('showAll')}
        </button>
        {club.events > 0 ? (
          rows(
            result.events.filter((e) => e.clubId === club.id),
            selectedClubId,
          )
        ) : (
          <p className="text-sm text-white/70">
            {t('clubEmpty', { name: club.name })}{' '}
            <AppLink to={`/discoteca/${club.slug}`} className="font-semibold text-neon-400 hover:underline">
              {t('seeClub')}
            </AppLink>
          </p>
        )}
      </Group>
    );

  const trending = pick(result.trending);
  const friends = pick(result.friendsGoing);
  return (
    <div className="space-y-6">
      {trending.length > 0 && (
        <Group
          title={t('trending')}
          icon={<Flame aria-hidden className="size-4 text-flame-500" />}
          testId="explore-trending"
        >
          {rows(trending, selectedClubId)}
        </Group>
      )}
      <Group
        title={t('friendsGoing')}
        icon={<Users aria-hidden className="size-4 text-neon-400" />}
        testId="explore-friends"
      >
        {friends.length > 0 ? (
          rows(friends, selectedClubId)
        ) : signedIn ? (
          <p className="text-sm text-white/55">{t('friendsNone')}</p>
        ) : (
          <p className="text-sm text-white/55">
            {t('friendsSignIn')}{' '}
            <button
              type="button"
              onClick={() => openAuthModal('signIn')}
              className="font-semibold text-neon-400 underline-offset-4 hover:underline"
            >
              {t('signIn')}
            </button>
          </p>
        )}
      </Group>
      <Group title={t('allEvents', { count: result.events.length })} testId="explore-all">
        {rows(result.events, selectedClubId)}
      </Group>
    </div>
  );
}
