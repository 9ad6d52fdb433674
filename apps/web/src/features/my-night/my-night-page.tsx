// /dashboard, "Mi noche": the next ticket with a countdown and its QR one tap away, connections going to the same
// nights, nights of the person's genres, the followed DJs' next gigs, the nights they got in, and what is unread.
// Each empty part invites the first step instead of staying blank.
import { useEffect, useState, type ReactNode } from 'react';
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { Bell, MessageCircle, QrCode } from 'lucide-react';
import type { MyNight } from '@nocturna/shared';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { formatDay, formatNight, formatNightName } from '../../lib/catalogue-format.ts';
import { paths } from '../../lib/paths.ts';
import { useMyNight } from './api/my-night.ts';
import { countdownParts } from './countdown.ts';
import { useGenreLabel } from '../../components/catalogue/use-genre-label.ts';
import { Card, cardClass } from '../../components/ui/card.tsx';

function Panel({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Card as="section" padding="md" className="grid gap-3" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold text-white">
        {title}
      </h2>
      {children}
    </Card>
  );
}

function Invite({ text, to, action }: { text: string; to: string; action: string }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm text-white/60">{text}</p>
      <AppLink to={to} className={`${buttonClass({ tone: 'secondary' })} justify-self-start`}>
        {action}
      </AppLink>
    </div>
  );
}

function NextTicket({ ticket }: { ticket: NonNullable<MyNight['nextTicket']> }) {
  const { t } = useTranslation('mynight');
  const locale = useLocale();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const left = countdownParts(ticket.event.startAt, now);
  const started = new Date(ticket.event.startAt).getTime() <= now;
  return (
    <div className="grid gap-3">
      <div>
        <AppLink
          to={paths.event(ticket.event.slug)}
          className="text-xl font-black text-white hover:text-neon-400"
        >
          {ticket.event.name}
        </AppLink>
        <p className="text-sm text-white/60">
          {ticket.event.clubName} · {formatNight(t, ticket.event.startAt, null, locale)} · {ticket.type}
        </p>
      </div>
      <p
        className="text-3xl font-black tabular-nums text-neon-400"
        data-testid="countdown"
        aria-live="polite"
      >
        {started ? t('next.now') : t('next.countdown', left)}
      </p>
      <AppLink
        to={`${paths.tickets}?ticket=${encodeURIComponent(ticket.id)}`}
        className={`${buttonClass()} h-12 w-full text-base sm:w-auto sm:justify-self-start`}
      >
        <QrCode aria-hidden="true" className="size-5" /> {t('next.showQr')}
      </AppLink>
    </div>
  );
}

export default function MyNightPage() {
  const { t } = useTranslation('mynight');
  const genreLabel = useGenreLabel();
  const locale = useLocale();
  usePageTitle(`${t('title')} | Nocturna`);
  const night = useMyNight();
  if (night.isPending) return <CenteredStatus text={t('loading')} />;
  if (night.isError)
    return (
      <div className="mx-auto max-w-xl p-6">
        <ErrorState message={t('loadFailed')} error={night.error} onRetry={() => void night.refetch()} />
      </div>
    );
  const d = night.data;
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-8 sm:px-5 sm:py-12">
      <header>
        <h1 className="text-3xl font-black tracking-tight text-white">{t('title')}</h1>
        <p className="mt-1 text-white/60">{t('lead')}</p>
      </header>
      {/* The next night (its QR a thumb away) before anything else: what matters at the door at 2 a.m. */}
      <Panel id="next" title={t('next.title')}>
        {d.nextTicket ? (
          <NextTicket ticket={d.nextTicket} />
        ) : (
          <Invite text={t('next.none')} to={paths.events} action={t('next.find')} />
        )}
      </Panel>
      <div className="grid grid-cols-2 gap-2">
        <AppLink
          to={paths.messages}
          className={`${cardClass({ padding: 'sm' })} flex items-center gap-2 text-white`}
        >
          <MessageCircle aria-hidden="true" className="size-5 text-neon-400" />
          <span className="text-sm">{t('unread.messages', { count: d.unread.messages })}</span>
        </AppLink>
        <AppLink
          to={paths.notifications}
          className={`${cardClass({ padding: 'sm' })} flex items-center gap-2 text-white`}
        >
          <Bell aria-hidden="true" className="size-5 text-neon-400" />
          <span className="text-sm">{t('unread.notifications', { count: d.unread.notifications })}</span>
        </AppLink>
      </div>
      <Panel id="friends" title={t('friends.title')}>
        {d.friendsGoing.length ? (
          <ul className="grid gap-1 text-sm text-white/80">
            {d.friendsGoing.map((f) => (
              <li key={`${f.userId}-${f.eventId}`}>
                <AppLink to={paths.user(f.userId)} className="font-semibold text-white hover:text-neon-400">
                  {f.name}
                </AppLink>{' '}
                · {f.eventName}
              </li>
            ))}
          </ul>
        ) : (
          <Invite text={t('friends.none')} to={paths.connections} action={t('friends.find')} />
        )}
      </Panel>
      <Panel id="suggestions" title={t('suggestions.title')}>
        {d.suggestions.length ? (
          <ul className="grid gap-2">
            {d.suggestions.map((e) => (
              <li key={e.id}>
                <AppLink to={paths.event(e.slug)} className="font-semibold text-white hover:text-neon-400">
                  {e.name}
                </AppLink>
                <p className="text-sm text-white/60">
                  {e.clubName} · {formatNightName(t, e.startAt, locale)} ·{' '}
                  {e.genres.map(genreLabel).join(', ')}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <Invite
            text={d.genres.length ? t('suggestions.noneForGenres') : t('suggestions.noGenres')}
            to={d.genres.length ? paths.events : paths.profile}
            action={d.genres.length ? t('next.find') : t('suggestions.setGenres')}
          />
        )}
      </Panel>
      <Panel id="djs" title={t('djs.title')}>
        {d.followedGigs.length ? (
          <ul className="grid gap-2">
            {d.followedGigs.map((g) => (
              <li key={`${g.djSlug}-${g.eventId}`}>
                <AppLink
                  to={`/dj/${encodeURIComponent(g.djSlug)}`}
                  className="font-semibold text-white hover:text-neon-400"
                >
                  {g.djName}
                </AppLink>
                <p className="text-sm text-white/60">
                  {g.eventName} · {g.clubName} · {formatNightName(t, g.startAt, locale)}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <Invite text={t('djs.none')} to={paths.search} action={t('djs.find')} />
        )}
      </Panel>
      <Panel id="past" title={t('past.title')}>
        {d.pastCheckIns.length ? (
          <ul className="grid gap-1 text-sm text-white/80">
            {d.pastCheckIns.map((e) => (
              <li key={e.id}>
                <AppLink to={paths.event(e.slug)} className="hover:text-neon-400">
                  {e.name}
                </AppLink>{' '}
                · {e.clubName} · {formatDay(e.checkedInAt, locale)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-white/60">{t('past.none')}</p>
        )}
      </Panel>
    </section>
  );
}
