// An event in a list: the server's poster, when, where, and the cheapest ticket on sale now.
import type { EventSummary } from '@nocturna/shared';
import { CalendarDays, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../app-link.tsx';
import { formatNight } from '../../lib/catalogue-format.ts';
import { paths } from '../../lib/paths.ts';
import { HydrationBoundary } from '../hydration/hydration-boundary.tsx';
import { GenreChips } from './genre-chips.tsx';
import { CARD_SIZES, Poster } from './poster.tsx';
import { useLocale } from './use-locale.ts';
import { usePriceWords } from './use-price-words.ts';

// Hydrated after the page around it: a list page has dozens of cards (see HydrationBoundary).
export function EventCard(props: { event: EventSummary; priority?: boolean }) {
  return (
    <HydrationBoundary>
      <EventCardBody {...props} />
    </HydrationBoundary>
  );
}

function EventCardBody({ event, priority = false }: { event: EventSummary; priority?: boolean }) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const words = usePriceWords();
  const price = words.from(event.price);
  return (
    <article className="group relative flex flex-col overflow-hidden card-when-near rounded-2xl border border-night-700/70 bg-night-900 transition hover:-translate-y-0.5 hover:border-neon-500/60 hover:shadow-[0_0_32px_-8px] hover:shadow-neon-500/50">
      <div className="relative">
        <Poster src={event.coverURL} alt="" priority={priority} sizes={CARD_SIZES} />
        {event.status === 'cancelled' && (
          <span className="absolute right-3 top-3 rounded-lg bg-flame-500 px-2 py-1 text-xs font-semibold text-white">
            {t('events.cancelled')}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {/* One line, whatever the weekday's length: a card's height must not depend on it, or the cards the list
            skips drawing (card-when-near) would shift the page when drawn. */}
        <p className="flex min-w-0 items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-neon-400">
          <CalendarDays aria-hidden className="size-3.5 shrink-0" />
          <span className="truncate">{formatNight(t, event.startAt, event.endAt, locale)}</span>
        </p>
        <h3 className="text-base font-semibold leading-snug text-white">
          <AppLink
            to={paths.event(event.slug)}
            className="after:absolute after:inset-0 focus:outline-none focus-visible:underline"
          >
            {event.name}
          </AppLink>
        </h3>
        <p className="flex items-center gap-1 text-sm text-white/70">
          <MapPin aria-hidden className="size-3.5 shrink-0 text-neon-400" />
          {event.clubName} · {event.barrio}
        </p>
        <GenreChips genres={event.genres} max={3} />
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-night-700/60 pt-3 text-sm">
          <span className="rounded-md border border-white/15 px-1.5 py-0.5 text-xs font-semibold text-white/70">
            {t('age', { age: event.minimumAge })}
          </span>
          {price && (
            <span
              data-testid="event-price"
              className={
                words.unavailable(event.price) ? 'font-semibold text-white/60' : 'font-semibold text-neon-400'
              }
            >
              {price}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
