import {
  AlarmClock,
  ArrowRightLeft,
  CalendarClock,
  CalendarX,
  Camera,
  Disc3,
  EyeOff,
  Hourglass,
  Info,
  MessageCircle,
  ScanLine,
  ShieldCheck,
  Ticket,
  TicketX,
  UserCheck,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import type { NotificationType } from '@nocturna/shared';

const ICONS: Record<NotificationType, LucideIcon> = {
  connection_request: UserPlus,
  connection_accepted: UserCheck,
  message_new: MessageCircle,
  ticket_issued: Ticket,
  ticket_checked_in: ScanLine,
  ticket_transferred: ArrowRightLeft,
  ticket_cancelled: TicketX,
  ticket_refused: TicketX,
  payment_refunded: TicketX,
  waitlist_offer: Hourglass,
  event_reminder: AlarmClock,
  event_changed: CalendarClock,
  event_cancelled: CalendarX,
  snapshot_approved: Camera,
  snapshot_takedown: EyeOff,
  role_granted: ShieldCheck,
  dj_booked: Disc3,
  system: Info,
};

export function NotificationIcon({ type, unread }: { type: NotificationType; unread: boolean }) {
  const Icon = ICONS[type] ?? Info;
  return (
    <span
      className={`flex size-10 shrink-0 items-center justify-center rounded-full ${unread ? 'bg-neon-500/20 text-neon-400' : 'bg-white/5 text-white/50'}`}
    >
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}
