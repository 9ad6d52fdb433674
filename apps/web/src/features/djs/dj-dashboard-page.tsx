// /dj/dashboard: a DJ's gigs with their set times (confirm or decline a slot a club offers), the night's sales and
// entries when the club shares them, followers over 30 days, and their public profile to edit.
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { Check, X } from 'lucide-react';
import type { DjDashboardGig } from '@nocturna/shared';
import { NothingFound, ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { useAnswerSlot, useDjDashboard } from './api/djs.ts';
import { FollowersChart } from './components/followers-chart.tsx';
import { GigLine } from './components/gig-list.tsx';
import { PhotoUpload } from './components/photo-upload.tsx';
import { ProfileForm } from './components/profile-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

// The nights ahead first, soonest on top (tonight's set is what a DJ opens this for); then the past, latest first.
function nextFirst(gigs: DjDashboardGig[], now = Date.now()): DjDashboardGig[] {
  const endOf = (g: DjDashboardGig) =>
    new Date(g.setEndAt ?? g.startAt).getTime() + (g.setEndAt ? 0 : 8 * 3600_000);
  const ahead = gigs.filter((g) => endOf(g) > now);
  const past = gigs.filter((g) => endOf(g) <= now).reverse();
  return [...ahead, ...past];
}

export default function DjDashboardPage() {
  const { t } = useTranslation('djs');
  usePageTitle(`${t('dashboard.title')} | Nocturna`);
  const dash = useDjDashboard();
  const answer = useAnswerSlot();
  const data = dash.data;
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-5 sm:py-12">
      <header>
        <h1 className="text-3xl font-black tracking-tight text-white">{t('dashboard.title')}</h1>
        <p className="mt-1 text-white/60">{t('dashboard.lead')}</p>
      </header>
      {dash.isPending ? (
        <CenteredStatus text={t('loading')} />
      ) : dash.isError || !data ? (
        <ErrorState
          message={t('dashboard.loadFailed')}
          error={dash.error}
          onRetry={() => void dash.refetch()}
        />
      ) : (
        <>
          <section className="grid gap-3" aria-labelledby="gigs">
            <h2 id="gigs" className="text-xl font-bold text-white">
              {t('dashboard.gigs')}
            </h2>
            {data.gigs.length === 0 ? (
              <NothingFound message={t('dashboard.noGigs')} />
            ) : (
              <ul className="grid gap-2">
                {nextFirst(data.gigs).map((g) => (
                  <Card as="li" padding="md" className="grid gap-2" key={g.eventId} data-testid="dj-gig">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <GigLine gig={g} />
                      <span
                        className={`rounded-full px-3 py-1 text-xs font-semibold ${g.status === 'confirmed' ? 'bg-emerald-500/20 text-emerald-300' : g.status === 'declined' ? 'bg-red-500/20 text-red-300' : 'bg-amber-400/20 text-amber-200'}`}
                      >
                        {t(`dashboard.status.${g.status}`)}
                      </span>
                    </div>
                    <p className="text-sm text-white/70">
                      {g.sold === null
                        ? t('dashboard.notShared')
                        : t('dashboard.sales', { sold: g.sold, inside: g.checkedIn })}
                    </p>
                    {g.status !== 'confirmed' && new Date(g.startAt) > new Date() && (
                      <div className="flex gap-2">
                        <Button
                          type="button"
                          className="h-11 flex-1 sm:flex-none"
                          disabled={answer.isPending}
                          onClick={() => answer.mutate({ eventId: g.eventId, answer: 'confirm' })}
                        >
                          <Check aria-hidden="true" className="size-4" /> {t('dashboard.confirm')}
                        </Button>
                        {g.status === 'offered' && (
                          <Button
                            tone="secondary"
                            type="button"
                            className="h-11 flex-1 sm:flex-none"
                            disabled={answer.isPending}
                            onClick={() => answer.mutate({ eventId: g.eventId, answer: 'decline' })}
                          >
                            <X aria-hidden="true" className="size-4" /> {t('dashboard.decline')}
                          </Button>
                        )}
                      </div>
                    )}
                  </Card>
                ))}
              </ul>
            )}
          </section>
          <Card as="section" padding="md" className="grid gap-2" aria-labelledby="followers">
            <h2 id="followers" className="text-xl font-bold text-white">
              {t('followers', { count: data.profile.followers })}
            </h2>
            <FollowersChart data={data.followersOverTime} label={t('dashboard.chart')} />
          </Card>
          <Card as="section" padding="md" className="grid gap-3" aria-labelledby="profile">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="profile" className="text-xl font-bold text-white">
                {t('dashboard.profile')}
              </h2>
              <AppLink
                className="text-sm text-neon-400 hover:underline"
                to={`/dj/${encodeURIComponent(data.profile.slug)}`}
              >
                {t('dashboard.seePublic')}
              </AppLink>
            </div>
            <PhotoUpload name={data.profile.name} photoUrl={data.profile.photoUrl} />
            <ProfileForm profile={data.profile} />
          </Card>
        </>
      )}
    </section>
  );
}
