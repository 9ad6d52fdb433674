// Another person: /u/:userId, /user-detail/:userId, /profile/:userId and /perfil/:username (open to visitors).
// The server decides what this viewer may see: a private profile shows strangers only the name, the photo and
// "Conectar"; nobody and a block either way look the same (not found).
import { AtSign, Lock, MessageCircle, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@nocturna/shared';
import { GenreChips } from '../../components/catalogue/genre-chips.tsx';
import { NotFoundState } from '../../components/catalogue/not-found-state.tsx';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { focusRing } from '../../components/focus-ring.ts';
import { PresenceDot } from '../../components/people/presence-dot.tsx';
import { UserAvatar } from '../../components/people/user-avatar.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDay, formatTime, instagramUrl } from '../../lib/catalogue-format.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../auth/api/use-session.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { ConnectionButtons, conversationPath, useConnectionsLive } from '../connections/index.ts';
import { useUserProfile, type ProfileTarget } from './api/get-user-profile.ts';
import { ConnectionUnblock } from './components/connection-unblock.tsx';
import { EventsGoing } from './components/events-going.tsx';
import { ProfileCard } from './components/profile-card.tsx';
import { UserMenu } from './components/user-menu.tsx';

export default function UserProfilePage() {
  const { t } = useTranslation('profiles');
  const { userId, username } = useParams();
  const session = useSession();
  const viewerId = session.user?.id ?? '';
  const target: ProfileTarget = username !== undefined ? { username } : { userId: userId ?? '' };
  const [blocked, setBlocked] = useState<{ id: string; name: string } | null>(null);
  // Asked for at once (the server answers for this request's cookies): the page does not wait for the session.
  // The ref stops a refetch at once: a live "connections changed" arriving between the click and the next
  // render's effect would otherwise ask for a profile that now answers 404.
  const blocking = useRef(false);
  const block = (person: { id: string; name: string } | null) => {
    blocking.current = person !== null;
    setBlocked(person);
  };
  const profile = useUserProfile(viewerId, target, blocked ? false : () => !blocking.current);
  useConnectionsLive();
  usePageTitle(profile.data ? `${profile.data.name} | Nocturna` : undefined);

  let body;
  if (blocked) body = <BlockedNotice person={blocked} onUndo={() => block(null)} />;
  else if (profile.isPending)
    body = (
      <div
        role="status"
        aria-busy="true"
        aria-label={t('loading')}
        className="h-72 animate-pulse rounded-3xl bg-night-900"
      />
    );
  else if (profile.isError && profile.error instanceof ApiRequestError && profile.error.status === 404)
    body = <NotFoundState message={t('notFound')} linkTo={paths.search} linkLabel={t('backToSearch')} />;
  else if (profile.isError)
    body = (
      <ErrorState message={t('loadFailed')} error={profile.error} onRetry={() => void profile.refetch()} />
    );
  else {
    const person = { id: profile.data.id, name: profile.data.name };
    body = (
      <UserProfileView
        profile={profile.data}
        signedIn={Boolean(session.user)}
        onBlocking={() => block(person)}
        onBlockFailed={() => block(null)}
      />
    );
  }
  return <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-5 sm:py-12">{body}</div>;
}

function BlockedNotice({ person, onUndo }: { person: { id: string; name: string }; onUndo: () => void }) {
  const { t } = useTranslation('profiles');
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-night-700 px-6 py-14 text-center"
    >
      <p className="text-lg font-semibold text-white">{t('blockedNotice', { name: person.name })}</p>
      <p className="max-w-sm text-sm text-white/60">{t('blockExplain')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <ConnectionUnblock userId={person.id} name={person.name} onDone={onUndo} />
        <AppLink to={paths.search} className={buttonClass({ tone: 'secondary' })}>
          {t('backToSearch')}
        </AppLink>
      </div>
    </div>
  );
}

function PresenceLine({ presence }: { presence: NonNullable<UserProfile['presence']> }) {
  const { t } = useTranslation('profiles');
  const locale = useLocale();
  const text = presence.online
    ? t('online')
    : presence.lastSeenAt
      ? t('lastSeen', {
          when: `${formatDay(presence.lastSeenAt, locale)} ${formatTime(presence.lastSeenAt, locale)}`,
        })
      : t('offline');
  return (
    <p className="inline-flex items-center gap-2 text-sm text-white/70">
      <PresenceDot presence={presence} />
      {text}
    </p>
  );
}

type ViewProps = {
  profile: UserProfile;
  signedIn: boolean;
  onBlocking: () => void;
  onBlockFailed: () => void;
};

function UserProfileView({ profile, signedIn, onBlocking, onBlockFailed }: ViewProps) {
  const { t } = useTranslation('profiles');
  const self = profile.connection === 'self';
  return (
    <div className="flex flex-col gap-5">
      <section
        aria-labelledby="person-name"
        className="rounded-3xl border border-white/10 bg-gradient-to-b from-neon-600/15 to-night-900/80 p-5 shadow-[0_0_60px_-25px] shadow-neon-500 sm:p-7"
      >
        <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
          <UserAvatar
            name={profile.name}
            src={profile.avatarUrl}
            size="lg"
            alt={t('avatar.alt', { name: profile.name })}
          />
          <div className="flex w-full min-w-0 flex-1 flex-col items-center gap-3 sm:items-start">
            <div className="flex w-full items-start justify-center gap-3 sm:justify-between">
              <div className="min-w-0">
                <h1 id="person-name" className="break-words text-2xl font-bold text-white sm:text-3xl">
                  {profile.name}
                </h1>
                {profile.username && <p className="text-white/60">@{profile.username}</p>}
              </div>
              {signedIn && !self && (
                <div className="hidden sm:block">
                  <UserMenu
                    userId={profile.id}
                    name={profile.name}
                    onBlocking={onBlocking}
                    onBlockFailed={onBlockFailed}
                  />
                </div>
              )}
            </div>
            {profile.presence && <PresenceLine presence={profile.presence} />}
            {profile.limited && (
              <p className="inline-flex items-center gap-2 rounded-full bg-white/5 px-3 py-1 text-sm text-white/70">
                <Lock aria-hidden className="size-4 text-neon-400" />
                {t('privateNotice')}
              </p>
            )}
            {profile.connectionsCount !== null && (
              <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-neon-400">
                <Users aria-hidden className="size-4" />
                {t('connectionsCount', { count: profile.connectionsCount })}
              </p>
            )}
            <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
              {self ? (
                <AppLink to={paths.profile} className={buttonClass()}>
                  {t('editMine')}
                </AppLink>
              ) : (
                <ConnectionButtons
                  userId={profile.id}
                  name={profile.name}
                  state={profile.connection}
                  signedIn={signedIn}
                />
              )}
              {profile.canMessage && (
                <AppLink to={conversationPath(profile.id)} className={buttonClass({ tone: 'secondary' })}>
                  <MessageCircle aria-hidden className="size-4" />
                  {t('sendMessage')}
                </AppLink>
              )}
              {signedIn && !self && (
                <div className="sm:hidden">
                  <UserMenu
                    userId={profile.id}
                    name={profile.name}
                    onBlocking={onBlocking}
                    onBlockFailed={onBlockFailed}
                  />
                </div>
              )}
            </div>
          </div>
        </div>
        {!profile.limited && (profile.bio || profile.favouriteGenres.length > 0 || profile.instagram) && (
          <div className="mt-5 flex flex-col gap-3 border-t border-white/10 pt-5">
            {profile.bio && <p className="whitespace-pre-line break-words text-white/80">{profile.bio}</p>}
            {profile.favouriteGenres.length > 0 && <GenreChips genres={profile.favouriteGenres} />}
            {profile.instagram && (
              <a
                href={instagramUrl(profile.instagram)}
                target="_blank"
                rel="noopener noreferrer"
                className={`inline-flex items-center gap-1.5 self-start text-sm text-white/70 hover:text-white ${focusRing}`}
              >
                <AtSign aria-hidden className="size-4" />
                {profile.instagram}
              </a>
            )}
          </div>
        )}
      </section>

      {profile.mutualConnections && profile.mutualConnections.count > 0 && (
        <ProfileCard id="mutual" title={t('mutualTitle', { count: profile.mutualConnections.count })}>
          <ul className="flex flex-wrap gap-3">
            {profile.mutualConnections.items.map((person) => (
              <li key={person.id}>
                <AppLink
                  to={paths.user(person.id)}
                  className={`flex items-center gap-2 rounded-full bg-white/5 py-1 pr-3 pl-1 text-sm text-white/85 hover:bg-white/10 ${focusRing}`}
                >
                  <UserAvatar name={person.name} src={person.avatarUrl} />
                  {person.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </ProfileCard>
      )}

      {!profile.limited && (
        <ProfileCard id="their-events" title={t('theirEventsTitle')}>
          {profile.events ? (
            <EventsGoing events={profile.events} empty={t('noEvents')} />
          ) : (
            <p className="text-sm text-white/60">{t('eventsHidden')}</p>
          )}
        </ProfileCard>
      )}
    </div>
  );
}
