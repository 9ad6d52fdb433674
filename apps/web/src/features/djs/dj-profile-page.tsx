// /dj/{slug}: a DJ's public page — photo, genres, bio, links, the nights ahead and behind from the line-ups — and
// a follow button (followers hear when the DJ is booked) and a share button.
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Disc3, ExternalLink, Heart } from 'lucide-react';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { ShareButton } from '../../components/share-button.tsx';
import { openAuthModal } from '../auth/index.ts';
import { useSession } from '../auth/api/use-session.ts';
import { useDjProfile, useFollowDj } from './api/djs.ts';
import { GigList } from './components/gig-list.tsx';
import { useGenreLabel } from '../../components/catalogue/use-genre-label.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';

export default function DjProfilePage() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const { t } = useTranslation('djs');
  const genreLabel = useGenreLabel();
  const { user } = useSession();
  const profile = useDjProfile(slug);
  const follow = useFollowDj(slug);
  usePageTitle(`${profile.data?.name ?? 'DJ'} | Nocturna`);
  if (profile.isPending) return <CenteredStatus text={t('loading')} />;
  if (profile.isError)
    return (
      <div className="mx-auto max-w-xl p-6">
        <ErrorState message={t('notFound')} error={profile.error} onRetry={() => void profile.refetch()} />
      </div>
    );
  const p = profile.data;
  const mine = user?.id === p.userId;
  return (
    <article className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-5 sm:py-12">
      <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        {p.photoUrl ? (
          <img
            src={p.photoUrl}
            alt=""
            className="size-28 rounded-full object-cover ring-2 ring-neon-500/60"
          />
        ) : (
          <span className="flex size-28 items-center justify-center rounded-full bg-night-800 ring-2 ring-neon-500/60">
            <Disc3 aria-hidden="true" className="size-12 text-neon-400" />
          </span>
        )}
        <div className="grid gap-2">
          <p className="text-xs font-semibold uppercase tracking-widest text-neon-400">DJ</p>
          <h1 className="text-3xl font-black tracking-tight text-white">{p.name}</h1>
          <p className="text-sm text-white/60" data-testid="dj-followers">
            {t('followers', { count: p.followers })}
          </p>
          {p.genres.length > 0 && (
            <ul className="flex flex-wrap justify-center gap-1 sm:justify-start">
              {p.genres.map((g) => (
                <li key={g} className="rounded-full bg-white/10 px-2 py-0.5 text-xs text-white/80">
                  {genreLabel(g)}
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
            {!mine && (
              <Button
                type="button"
                tone={p.following ? 'secondary' : 'primary'}
                disabled={follow.isPending}
                aria-pressed={p.following}
                onClick={() => (user ? follow.mutate(!p.following) : openAuthModal('signIn'))}
              >
                <Heart aria-hidden="true" className={`size-4 ${p.following ? 'fill-current' : ''}`} />
                {p.following ? t('following') : t('follow')}
              </Button>
            )}
            <ShareButton title={p.name} text={t('shareText', { name: p.name })} url={location.pathname} />
          </div>
        </div>
      </header>
      {p.bio && <p className="whitespace-pre-line text-white/80">{p.bio}</p>}
      {p.links.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {p.links.map((l) => (
            <li key={l.url}>
              <a
                href={l.url}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass({ tone: 'secondary' })}
              >
                <ExternalLink aria-hidden="true" className="size-4" /> {l.label}
              </a>
            </li>
          ))}
        </ul>
      )}
      <section className="grid gap-2" aria-labelledby="upcoming">
        <h2 id="upcoming" className="text-xl font-bold text-white">
          {t('upcoming')}
        </h2>
        <GigList gigs={p.upcoming} empty={t('noUpcoming')} />
      </section>
      <section className="grid gap-2" aria-labelledby="past">
        <h2 id="past" className="text-xl font-bold text-white">
          {t('past')}
        </h2>
        <GigList gigs={p.past} empty={t('noPast')} />
      </section>
    </article>
  );
}
