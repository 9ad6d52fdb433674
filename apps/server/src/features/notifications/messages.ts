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

// GDPR: someone shown in a wall photo asked for it to come down; it is hidden and waits for a moderator.
export function snapshotTakedownRequested(input: {
  moderatorId: string;
  snapshotId: string;
  eventId: string;
  eventSlug: string;
  eventName: string;
  requesterId: string;
  requesterName: string;
}): NewNotification {
  return {
    userId: input.moderatorId,
    type: 'snapshot_takedown',
    title: `Piden retirar una foto del muro de ${input.eventName}`,
    body: `${input.requesterName} sale en la foto y pide que se retire. Está oculta hasta que la revises en la cola de moderación.`,
    link: `/evento/${encodeURIComponent(input.eventSlug)}/live`,
    refs: { eventId: input.eventId, snapshotId: input.snapshotId, requesterId: input.requesterId },
  };
}
