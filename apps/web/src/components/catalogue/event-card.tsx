// An event in a list: the server's poster, when, where, and the cheapest ticket.
import type { EventSummary } from '@nocturna/shared';
import { Clock, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay, formatPrice, formatTime } from '../../lib/catalogue-format.ts';
import { paths } from '../../lib/paths.ts';
import { GenreChips } from './genre-chips.tsx';
import { Poster } from './poster.tsx';
import { useLocale } from './use-locale.ts';

export function EventCard({ event, priority = false }: { event: EventSummary; priority?: boolean }) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const price = event.minPrice
    ? event.minPrice.cents === 0
      ? t('events.free')
      : t('events.from_price', { price: formatPrice(event.minPrice.cents, locale) })
    : null;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-night-700/70 bg-night-900 transition hover:-translate-y-0.5 hover:border-neon-500/60 hover:shadow-[0_0_32px_-8px] hover:shadow-neon-500/50">
      <div className="relative">
        <Poster src={event.coverURL} alt="" priority={priority} />
        <span className="absolute left-3 top-3 rounded-lg bg-night-950/85 px-2 py-1 text-xs font-semibold uppercase tracking-wide text-white backdrop-blur">
          {formatDay(event.startAt, locale)}
        </span>
        {event.status === 'cancelled' && (
          <span className="absolute right-3 top-3 rounded-lg bg-flame-500 px-2 py-1 text-xs font-semibold text-white">{t('events.cancelled')}</span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-base font-semibold leading-snug text-white">
          <Link to={paths.event(event.slug)} className="after:absolute after:inset-0 focus:outline-none focus-visible:underline">
            {event.name}
          </Link>
        </h3>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-white/70">
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden className="size-3.5 text-neon-400" />
            {event.clubName} · {event.barrio}
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden className="size-3.5 text-neon-400" />
            {formatTime(event.startAt, locale)}
          </span>
        </p>
        <div className="mt-auto flex items-end justify-between gap-2 pt-1">
          <GenreChips genres={event.genres} max={3} />
          <div className="flex shrink-0 items-center gap-2 text-sm">
            <span className="text-white/50">{t('age', { age: event.minimumAge })}</span>
            {price && <span className="font-semibold text-neon-400">{price}</span>}
          </div>
        </div>
      </div>
    </article>
  );
}
