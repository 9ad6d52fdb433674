// One event in the explore list: name, club and barrio, night and time, price, distance, sales today and the
// connections going.
import type { ExploreEvent } from '@nocturna/shared';
import { Flame, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link.tsx';
import { UserAvatar } from '../../../components/people/user-avatar.tsx';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatNight } from '../../../lib/catalogue-format.ts';
import { usePriceWords } from '../../../components/catalogue/use-price-words.ts';
import { paths } from '../../../lib/paths.ts';
import { formatDistance } from '../distance-format.ts';

export function ExploreEventRow({ event, highlighted }: { event: ExploreEvent; highlighted: boolean }) {
  const { t } = useTranslation('explore');
  const locale = useLocale();
  const [first, ...others] = event.friends;
  const words = usePriceWords();
  const price = words.from(event.price);
  return (
    <li
      data-testid="explore-event"
      data-club-id={event.clubId}
      className={`rounded-2xl border p-3 transition ${
        highlighted ? 'border-neon-500 bg-neon-500/10' : 'border-night-700 bg-night-900/80'
      }`}
    >
      <AppLink to={paths.event(event.slug)} className="block space-y-1 focus-visible:outline-none">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 font-semibold text-white">{event.name}</h3>
          {price && (
            <span
              className={`shrink-0 text-sm font-semibold ${words.unavailable(event.price) ? 'text-white/60' : 'text-neon-400'}`}
            >
              {price}
            </span>
          )}
        </div>
        <p className="truncate text-sm text-white/70">
          {event.clubName} · {event.barrio}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-white/60">
          <span className="inline-block first-letter:uppercase">
            {formatNight(t, event.startAt, event.endAt, locale)}
          </span>
          {event.distanceM !== null && (
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden className="size-3.5" />
              {formatDistance(event.distanceM, locale)}
            </span>
          )}
          {event.sales24h > 0 && (
            <span className="inline-flex items-center gap-1 text-flame-500">
              <Flame aria-hidden className="size-3.5" />
              {t('salesToday', { count: event.sales24h })}
            </span>
          )}
        </p>
        {first && (
          <p className="flex items-center gap-2 pt-1 text-xs text-white/75">
            <span className="flex -space-x-2">
              {event.friends.map((f) => (
                <span key={f.id} className="inline-block scale-75">
                  <UserAvatar name={f.name} src={f.avatarUrl} />
                </span>
              ))}
            </span>
            {others.length + (event.friendsCount - event.friends.length) > 0
              ? t('friendsGoingMore', {
                  name: first.name,
                  count: event.friendsCount - 1,
                })
              : t('friendsGoingOne', { name: first.name })}
          </p>
        )}
      </AppLink>
    </li>
  );
}
