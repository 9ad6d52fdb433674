// /perfil and /profile (signed in; the route's gate handles visitors): my photo, name and username, bio, genres
// and Instagram, edited in place; my privacy settings and blocked people; the events I am going to and how many
// connections I have.
import { AtSign, Pencil, Users } from 'lucide-react';
import { useState } from 'react';
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import type { OwnProfile } from '@nocturna/shared';
import { GenreChips } from '../../components/catalogue/genre-chips.tsx';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { focusRing } from '../../components/focus-ring.ts';
import { instagramUrl } from '../../lib/catalogue-format.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../auth/api/use-session.ts';
import { useConnectionsLive } from '../connections/index.ts';
import { useOwnProfile } from './api/get-own-profile.ts';
import { AvatarEditor } from './components/avatar-editor.tsx';
import { BlockedPeople } from './components/blocked-people.tsx';
import { EventsGoing } from './components/events-going.tsx';
import { PrivacySettings } from './components/privacy-settings.tsx';
import { ProfileCard } from './components/profile-card.tsx';
import { ProfileForm } from './components/profile-form.tsx';
import { Button } from '../../components/ui/button.tsx';

export default function OwnProfilePage() {
  const { t } = useTranslation('profiles');
  const userId = useSession().user?.id ?? '';
  const profile = useOwnProfile(userId);
  useConnectionsLive();
  usePageTitle(`${t('ownTitle')} | Nocturna`);

  let body;
  if (profile.isPending)
    body = (
      <div
        aria-busy="true"
        aria-label={t('loading')}
        className="h-72 animate-pulse rounded-3xl bg-night-900"
      />
    );
  else if (profile.isError)
    body = (
      <ErrorState message={t('loadFailed')} error={profile.error} onRetry={() => void profile.refetch()} />
    );
  else body = <OwnProfileView profile={profile.data} />;
  return <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-5 sm:py-12">{body}</div>;
}

function OwnProfileView({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation('profiles');
  const [editing, setEditing] = useState(false);
  return (
    <div className="flex flex-col gap-5">
      <h1 className="sr-only">{t('ownTitle')}</h1>
      <section
        aria-label={t('aboutMe')}
        className="rounded-3xl border border-white/10 bg-gradient-to-b from-neon-600/15 to-night-900/80 p-5 shadow-[0_0_60px_-25px] shadow-neon-500 sm:p-7"
      >
        <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
          <AvatarEditor userId={profile.id} name={profile.name} avatarUrl={profile.avatarUrl} />
          <div className="w-full min-w-0 flex-1">
            {editing ? (
              <ProfileForm profile={profile} onDone={() => setEditing(false)} />
            ) : (
              <div className="flex flex-col gap-3 text-center sm:text-left">
                <div>
                  <p data-testid="profile-name" className="text-2xl font-bold text-white sm:text-3xl">
                    {profile.name}
                  </p>
                  {profile.username && <p className="text-white/60">@{profile.username}</p>}
                </div>
                <AppLink
                  to={paths.connections}
                  className={`inline-flex items-center gap-1.5 self-center text-sm font-semibold text-neon-400 hover:text-neon-300 sm:self-start ${focusRing}`}
                >
                  <Users aria-hidden className="size-4" />
                  {t('connectionsCount', { count: profile.connectionsCount })}
                </AppLink>
                <p data-testid="profile-bio" className="whitespace-pre-line break-words text-white/80">
                  {profile.bio ?? <span className="text-white/40">{t('noBio')}</span>}
                </p>
                {profile.favouriteGenres.length > 0 && (
                  <div className="flex justify-center sm:justify-start">
                    <GenreChips genres={profile.favouriteGenres} />
                  </div>
                )}
                {profile.instagram && (
                  <a
                    href={instagramUrl(profile.instagram)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={`inline-flex items-center gap-1.5 self-center text-sm text-white/70 hover:text-white sm:self-start ${focusRing}`}
                  >
                    <AtSign aria-hidden className="size-4" />
                    {profile.instagram}
                  </a>
                )}
                <div className="pt-1">
                  <Button tone="secondary" type="button" onClick={() => setEditing(true)}>
                    <Pencil aria-hidden className="size-4" />
                    {t('edit')}
                  </Button>
                </div>
              </div>
            )}
          </div>
        </div>
      </section>

      <ProfileCard id="my-events" title={t('eventsTitle')}>
        <EventsGoing events={profile.events} empty={t('noEventsOwn')} />
      </ProfileCard>
      <ProfileCard id="privacy" title={t('privacy.title')}>
        <PrivacySettings userId={profile.id} privacy={profile.privacy} />
      </ProfileCard>
      <ProfileCard id="blocked" title={t('blocked.title')}>
        <BlockedPeople userId={profile.id} />
      </ProfileCard>
    </div>
  );
}
