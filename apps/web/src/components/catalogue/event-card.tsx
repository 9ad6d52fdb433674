// An event in a list: its picture, when, where, and the cheapest ticket on sale now.
import type { EventSummary } from '@nocturna/shared';
import { CalendarDays, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../app-link.tsx';
import { formatNight } from '../../lib/catalogue-format.ts';
import { paths } from '../../lib/paths.ts';
import { HydrationBoundary } from '../hydration/hydration-boundary.tsx';
import { GenreChips } from './genre-chips.tsx';
import { EVENT_ART_SIZES, artSources } from './poster.tsx';
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
  const art = artSources(event.coverURL);
  // A phone lists the events as rows of one height (a title of one line or two alike, so the rows the list skips
  // drawing, card-when-near, take their true height), a square picture beside the text, so a screen holds
  // several; from sm up a card with the picture on top. Either way the picture is the poster without its words: the card prints them.
  return (
    <article
      data-testid="event-card"
      className="group relative flex h-35 gap-3 overflow-hidden card-when-near rounded-2xl border border-night-700/70 bg-night-900 p-3 transition [contain-intrinsic-height:auto_140px] hover:-translate-y-0.5 hover:border-neon-500/60 hover:shadow-[0_0_32px_-8px] hover:shadow-neon-500/50 sm:h-auto sm:flex-col sm:gap-0 sm:p-0 sm:[contain-intrinsic-height:auto_380px]"
    >
      <div className="relative shrink-0">
        <img
          {...art}
          sizes={art.srcSet ? EVENT_ART_SIZES : undefined}
          alt=""
          width={800}
          height={800}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="size-28 rounded-xl bg-night-800 object-cover sm:aspect-[40/21] sm:h-auto sm:w-full sm:rounded-none"
        />
        {event.status === 'cancelled' && (
          <span className="absolute inset-x-1 bottom-1 rounded-md bg-flame-500 px-1 py-0.5 text-center text-[11px] font-semibold text-white sm:inset-x-auto sm:top-3 sm:right-3 sm:bottom-auto sm:rounded-lg sm:px-2 sm:py-1 sm:text-xs">
            {t('events.cancelled')}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:gap-2 sm:p-4">
        {/* One line, whatever the weekday's length: a card's height must not depend on it, or the cards the list
            skips drawing (card-when-near) would shift the page when drawn. */}
        <p className="flex min-w-0 items-center gap-1.5 text-[11px] font-semibold uppercase text-neon-400 sm:text-xs sm:tracking-wide">
          <CalendarDays aria-hidden className="size-3.5 shrink-0" />
          <span className="truncate">{formatNight(t, event.startAt, event.endAt, locale)}</span>
        </p>
        <h3 className="line-clamp-2 text-[15px] font-semibold leading-snug break-words text-white sm:text-base">
          <AppLink
            to={paths.event(event.slug)}
            className="after:absolute after:inset-0 focus:outline-none focus-visible:underline"
          >
            {event.name}
          </AppLink>
        </h3>
        <p className="flex min-w-0 items-center gap-1 text-sm text-white/70">
          <MapPin aria-hidden className="size-3.5 shrink-0 text-neon-400" />
          <span className="truncate">
            {event.clubName} · {event.barrio}
          </span>
        </p>
        <div className="hidden sm:block">
          <GenreChips genres={event.genres} max={3} />
        </div>
        <div className="mt-auto flex items-center justify-between gap-2 text-sm sm:border-t sm:border-night-700/60 sm:pt-3">
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
