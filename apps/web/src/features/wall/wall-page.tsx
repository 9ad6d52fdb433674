// /event/:eventId and /evento/:eventId/live: the event's live wall. Snapshots newest first with infinite scroll,
// new ones arriving live (held behind "N nuevas" while the viewer is further down), a full-screen viewer,
// posting for ticket holders during the night (with the reason when one cannot), and the moderators' queue.
import { useEffect, useId, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { ArrowUp, Lock, Radio, Globe2, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Snapshot, WallInfo } from '@nocturna/shared';
import { NotFoundState } from '../../components/catalogue/not-found-state.tsx';
import { NothingFound, ErrorState } from '../../components/catalogue/query-states.tsx';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { focusRing } from '../../components/focus-ring.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../auth/api/use-session.ts';
import { openAuthModal } from '../auth/index.ts';
import { useSnapshots, useWallInfo } from './api/wall-queries.ts';
import { ModerationQueue } from './components/moderation-queue.tsx';
import { SnapshotCard } from './components/snapshot-card.tsx';
import { SnapshotComposer } from './components/snapshot-composer.tsx';
import { SnapshotViewer } from './components/snapshot-viewer.tsx';
import { longTime } from './wall-format.ts';
import { postingReasonText } from './wall-errors.ts';
import { useWallLive } from './use-wall-live.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { TabPanel, Tabs } from '../../components/ui/tabs.tsx';

export default function WallPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('wall');
  const session = useSession();
  const viewer = session.user?.id ?? '';
  const info = useWallInfo(viewer, eventId);
  usePageTitle(info.data ? t('pageTitle', { name: info.data.event.name }) : undefined);

  if (info.isPending) return <CenteredStatus text={t('loading')} />;
  if (info.isError) {
    const missing = info.error instanceof ApiRequestError && info.error.status === 404;
    return (
      <section className="mx-auto w-full max-w-2xl px-4 py-8">
        {missing ? (
          <NotFoundState message={t('notFound')} linkTo={paths.events} linkLabel={t('backToEvents')} />
        ) : (
          <ErrorState message={t('error')} error={info.error} onRetry={() => void info.refetch()} />
        )}
      </section>
    );
  }
  // Live over the user's socket when signed in; a visitor's socket on a public wall (once the session is known
  // to be none, so a signed-in tab never opens one for nothing).
  const live: LiveMode = viewer
    ? 'user'
    : !session.isPending && info.data.event.gallery === 'public' && info.data.viewer.canView
      ? 'visitor'
      : 'off';
  return <Wall info={info.data} viewer={viewer} live={live} />;
}

type LiveMode = 'user' | 'visitor' | 'off';

function Wall({ info, viewer, live }: { info: WallInfo; viewer: string; live: LiveMode }) {
  const { t } = useTranslation('wall');
  const [tab, setTab] = useState<'wall' | 'queue'>('wall');
  const tabsId = useId();
  const moderator = info.viewer.isModerator;
  return (
    <section className="mx-auto w-full max-w-2xl space-y-5 px-4 py-6 sm:py-8">
      <WallHeader info={info} />
      {moderator && (
        <Tabs
          id={tabsId}
          label={t('queue.tab')}
          tabs={[
            { value: 'wall', label: t('queue.wallTab') },
            {
              value: 'queue',
              label: (
                <>
                  <ShieldCheck aria-hidden className="size-4" />
                  {t('queue.tab')}
                </>
              ),
            },
          ]}
          selected={tab}
          onSelect={setTab}
        />
      )}
      {moderator ? (
        <TabPanel id={tabsId} selected={tab} className="space-y-5">
          {tab === 'queue' ? (
            <>
              <h2 className="text-lg font-bold text-white">{t('queue.title')}</h2>
              <ModerationQueue eventId={info.event.id} />
              <LiveWatch viewer={viewer} eventId={info.event.id} />
            </>
          ) : (
            <WallBody info={info} viewer={viewer} live={live} />
          )}
        </TabPanel>
      ) : (
        <WallBody info={info} viewer={viewer} live={live} />
      )}
    </section>
  );
}

// What the wall shows a viewer: the composer (or why posting is closed) over the feed, or who may see it.
function WallBody({ info, viewer, live }: { info: WallInfo; viewer: string; live: LiveMode }) {
  if (!info.viewer.canView)
    return <AttendeesOnly signedIn={info.viewer.signedIn} eventId={info.event.slug} />;
  return (
    <>
      {info.viewer.canPost ? <SnapshotComposer info={info} viewer={viewer} /> : <PostingClosed info={info} />}
      <Feed info={info} viewer={viewer} mode={live} />
    </>
  );
}

function WallHeader({ info }: { info: WallInfo }) {
  const { t } = useTranslation('wall');
  const locale = useLocale();
  const { event } = info;
  const badge =
    'inline-flex items-center gap-1.5 rounded-full bg-white/10 px-2.5 py-1 text-xs font-semibold text-white/80';
  return (
    <header className="space-y-2">
      <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-neon-400">
        <Radio aria-hidden className="size-4" />
        {t('title')}
      </p>
      <h1 className="text-2xl font-bold tracking-tight break-words text-white sm:text-3xl">{event.name}</h1>
      <p className="text-sm text-white/70">
        {event.clubName} · {longTime(event.startAt, locale)}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <span className={badge}>
          {event.gallery === 'public' ? (
            <Globe2 aria-hidden className="size-3.5" />
          ) : (
            <Lock aria-hidden className="size-3.5" />
          )}
          {t(`gallery.${event.gallery}`)}
        </span>
        <span className={badge}>{t(`moderation.${event.moderation}`)}</span>
        <AppLink
          to={paths.event(event.slug)}
          className={`text-sm font-semibold text-neon-400 hover:text-neon-300 ${focusRing}`}
        >
          {t('backToEvent')}
        </AppLink>
      </div>
    </header>
  );
}

function AttendeesOnly({ signedIn, eventId }: { signedIn: boolean; eventId: string }) {
  const { t } = useTranslation('wall');
  return (
    <div
      data-testid="wall-attendees-only"
      className="flex flex-col items-center gap-4 rounded-3xl border border-dashed border-night-700 px-6 py-14 text-center"
    >
      <Lock aria-hidden className="size-9 text-neon-400" />
      <h2 className="text-lg font-bold text-white">{t('attendeesOnly.title')}</h2>
      <p className="max-w-sm text-white/70">{t('attendeesOnly.body')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {!signedIn && (
          <Button type="button" onClick={() => openAuthModal('signIn')}>
            {t('attendeesOnly.signIn')}
          </Button>
        )}
        <AppLink
          to={paths.event(eventId)}
          className={signedIn ? buttonClass() : buttonClass({ tone: 'secondary' })}
        >
          {t('attendeesOnly.tickets')}
        </AppLink>
      </div>
    </div>
  );
}

function PostingClosed({ info }: { info: WallInfo }) {
  const { t } = useTranslation('wall');
  const locale = useLocale();
  const reason = postingReasonText(t, info, locale);
  if (!reason) return null;
  return (
    <div
      role="note"
      data-testid="wall-cannot-post"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-white/10 bg-night-900 px-4 py-3 text-sm text-white/80"
    >
      <p>{reason}</p>
      {info.viewer.reason === 'sign_in' && (
        <Button tone="secondary" type="button" onClick={() => openAuthModal('signIn')}>
          {t('attendeesOnly.signIn')}
        </Button>
      )}
    </div>
  );
}

// Keeps the socket on the event's room while the queue is shown (the queue refreshes on 'wall:queue').
function LiveWatch({ viewer, eventId }: { viewer: string; eventId: string }) {
  useWallLive(viewer, eventId, viewer ? 'user' : 'off');
  return null;
}

function Feed({ info, viewer, mode }: { info: WallInfo; viewer: string; mode: LiveMode }) {
  const { t } = useTranslation('wall');
  const eventId = info.event.id;
  const snapshots = useSnapshots(viewer, eventId, true);
  const live = useWallLive(viewer, eventId, mode);
  const [open, setOpen] = useState<number | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = snapshots;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (snapshots.isPending) return <CenteredStatus text={t('loading')} />;
  if (snapshots.isError)
    return (
      <ErrorState message={t('error')} error={snapshots.error} onRetry={() => void snapshots.refetch()} />
    );
  const items: Snapshot[] = snapshots.data.pages.flatMap((p) => p.items);
  const closed = info.viewer.reason === 'closed';

  return (
    // No scroll anchoring in the feed: photos put in at the top (the pill) must not push the way back to the top.
    <div className="space-y-4 [overflow-anchor:none]">
      <p className="flex items-center gap-2 text-xs text-white/60" data-live={live.watching}>
        {mode !== 'off' ? (
          <>
            <span className="relative flex size-2.5">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-flame-500 opacity-60 motion-reduce:animate-none" />
              <span className="relative inline-flex size-2.5 rounded-full bg-flame-500" />
            </span>
            {t('feed.live')}
          </>
        ) : (
          t('feed.liveSignIn')
        )}
      </p>
      {live.heldCount > 0 && (
        <div className="pointer-events-none sticky top-20 z-20 flex justify-center lg:top-4">
          <Button
            type="button"
            data-testid="new-snapshots-pill"
            onClick={live.showHeld}
            className="pointer-events-auto"
          >
            <ArrowUp aria-hidden className="size-4" />
            {t('feed.newPill', { count: live.heldCount })}
          </Button>
        </div>
      )}
      {items.length === 0 ? (
        <NothingFound message={closed ? t('feed.emptyClosed') : t('feed.empty')} />
      ) : (
        <ol className="space-y-5" aria-label={t('title')}>
          {items.map((snapshot, index) => (
            <li key={snapshot.id}>
              <SnapshotCard
                snapshot={snapshot}
                viewer={viewer}
                eventId={eventId}
                onOpen={() => setOpen(index)}
              />
            </li>
          ))}
        </ol>
      )}
      <div ref={sentinel} aria-hidden className="h-px" />
      {isFetchingNextPage && <p className="text-center text-sm text-white/60">{t('feed.loadingMore')}</p>}
      {hasNextPage && !isFetchingNextPage && (
        <div className="flex justify-center">
          <Button tone="secondary" type="button" onClick={() => void fetchNextPage()}>
            {t('feed.loadMore')}
          </Button>
        </div>
      )}
      {!hasNextPage && items.length > 0 && (
        <p className="text-center text-sm text-white/50">{t('feed.end')}</p>
      )}
      {open !== null && items[open] && (
        <SnapshotViewer snapshots={items} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}
