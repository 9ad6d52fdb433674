// The wording of the notifications the server raises today. Stored in Spanish, the product's language.
import { TIME_ZONE, type Role } from '@nocturna/shared';
import type { NewNotification } from './service.ts';

const ROLE_NAMES: Record<Role, string> = { admin: 'administrador', ceo: 'CEO', dj: 'DJ', rpp: 'RPP' };

export function roleGranted(userId: string, role: Role, grantedBy: string): NewNotification {
  return {
    userId,
    type: 'role_granted',
    title: `Tienes un nuevo rol: ${ROLE_NAMES[role]}`,
    body: `Un administrador te ha dado el rol de ${ROLE_NAMES[role]}. Ya puedes abrir su panel.`,
    link: `/${role}/dashboard`,
    refs: { grantedBy },
  };
}

const timeOfDay = new Intl.DateTimeFormat('es-ES', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
});

export function eventReminder(input: {
  userId: string;
  ticketId: string;
  eventId: string;
  eventName: string;
  startAt: Date;
}): NewNotification {
  return {
    userId: input.userId,
    type: 'event_reminder',
    title: `${input.eventName} empieza pronto`,
    body: `Tu entrada está lista: la puerta abre a las ${timeOfDay.format(input.startAt)}.`,
    link: `/evento/${encodeURIComponent(input.eventId)}`,
    refs: { eventId: input.eventId, ticketId: input.ticketId },
  };
}
