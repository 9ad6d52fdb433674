// One line of "Novedades": what happened, to which event, when; unread ones stand out. It leads to the event, to a
// booked DJ's profile (dj_booked) or to the event's live wall (friend_snapshot).
import type { WhatsNewItem } from '@nocturna/shared';
import { BadgeEuro, CalendarPlus, Camera, Headphones, TicketCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link.tsx';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatNight, formatPrice } from '../../../lib/catalogue-format.ts';
import { paths } from '../../../lib/paths.ts';

const ICONS = {
  new_event: CalendarPlus,
  price_drop: BadgeEuro,
  tickets_released: TicketCheck,
  friend_going: Users,
  dj_booked: Headphones,
  friend_snapshot: Camera,
} as const;

function linkOf(item: WhatsNewItem): string {
  if (item.kind === 'dj_booked' && item.dj) return `/dj/${encodeURIComponent(item.dj.slug)}`;
  if (item.kind === 'friend_snapshot') return paths.eventLive(item.event.id);
  return paths.event(item.event.slug);
}

export function WhatsNewItemRow({ item }: { item: WhatsNewItem }) {
  const { t } = useTranslation('whats-new');
  const locale = useLocale();
  const Icon = ICONS[item.kind];
  const what =
    item.kind === 'new_event'
      ? t('kinds.new_event', { club: item.event.clubName })
      : item.kind === 'price_drop'
        ? t('kinds.price_drop', {
            type: item.ticketType,
            old: formatPrice(item.oldPrice?.cents ?? 0, locale),
            now: formatPrice(item.newPrice?.cents ?? 0, locale),
          })
        : item.kind === 'tickets_released'
          ? t('kinds.tickets_released', { count: item.released ?? 0, type: item.ticketType })
          : item.kind === 'dj_booked'
            ? t('kinds.dj_booked', { name: item.dj?.name ?? '' })
            : item.kind === 'friend_snapshot'
              ? t('kinds.friend_snapshot', { name: item.friend?.name ?? '' })
              : t('kinds.friend_going', { name: item.friend?.name ?? '' });
  return (
    <li data-testid="whats-new-item" data-kind={item.kind} data-unread={item.unread ? 'true' : undefined}>
      <AppLink
        to={linkOf(item)}
        className={`flex gap-3 rounded-2xl border p-3 transition hover:border-neon-500/60 ${
          item.unread ? 'border-neon-500/50 bg-neon-500/10' : 'border-night-700 bg-night-900/70'
        }`}
      >
        <span
          aria-hidden
          className={`grid size-10 shrink-0 place-items-center rounded-xl ${
            item.unread ? 'bg-neon-600 text-white' : 'bg-night-800 text-neon-400'
          }`}
        >
          <Icon className="size-5" />
        </span>
        <span className="min-w-0 flex-1 space-y-0.5">
          <span className="block text-sm text-white/80">
            {item.unread && <span className="sr-only">{t('unreadItem')} </span>}
            {what}
          </span>
          <span className="line-clamp-2 font-semibold break-words text-white">{item.event.name}</span>
          <span className="block text-xs text-white/55">
            {formatNight(t, item.event.startAt, null, locale)} · {item.event.clubName}
          </span>
        </span>
        {item.unread && <span aria-hidden className="mt-1 size-2.5 shrink-0 rounded-full bg-flame-500" />}
      </AppLink>
    </li>
  );
}
