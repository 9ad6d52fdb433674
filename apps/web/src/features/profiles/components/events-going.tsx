// The upcoming events a person holds a ticket for: day, name and club, each linking to the event.
import { CalendarDays } from 'lucide-react';
import { AppLink } from '../../../components/app-link.tsx';
import type { EventGoing } from '@nocturna/shared';
import { focusRing } from '../../../components/focus-ring.ts';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatDay, formatTime } from '../../../lib/catalogue-format.ts';
import { paths } from '../../../lib/paths.ts';

export function EventsGoing({ events, empty }: { events: EventGoing[]; empty: string }) {
  const locale = useLocale();
  if (events.length === 0) return <p className="text-sm text-white/60">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {events.map((event) => (
        <li key={event.id}>
          <AppLink
            to={paths.event(event.slug)}
            className={`flex items-center gap-3 rounded-xl bg-white/5 p-2.5 transition hover:bg-white/10 ${focusRing}`}
          >
            <img
              src={event.coverURL}
              alt=""
              className="size-12 shrink-0 rounded-lg object-cover"
              loading="lazy"
            />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-white">{event.name}</span>
              <span className="flex items-center gap-1.5 text-sm text-white/60">
                <CalendarDays aria-hidden className="size-3.5 text-neon-400" />
                <span className="truncate">
                  {formatDay(event.startAt, locale)} · {formatTime(event.startAt, locale)} · {event.clubName}
                </span>
              </span>
            </span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
