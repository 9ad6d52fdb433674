// Incidents: door staff log them for an event of their club (with the tickets involved and, if they say so, a
// ban of those tickets' holders); the club's CEO and admins read them. Door staff see only what they logged
// themselves for that event, so the door can check its own report without reading the club's whole record.
import { uuidv7 } from 'uuidv7';
import {
  INCIDENT_LIST_LIMIT,
  type incidentInputSchema,
  type Incident,
  type IncidentFilter,
  type IncidentType,
} from '@nocturna/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { checkUntil, insertBan } from './bans.ts';
import { incidentPhotoUrl } from './photo.ts';
import * as repo from './repository.ts';
import * as clock from '../../clock.ts';

type Actor = { id: string };
type LoggedIncident = z.output<typeof incidentInputSchema>;
type Event = { id: string; club_id: string };

export async function logIncident(
  db: Db,
  actor: Actor,
  event: Event,
  input: LoggedIncident,
  now = clock.now(),
): Promise<{ id: string; bannedUserIds: string[] }> {
  const occurredAt = input.occurredAt ? new Date(input.occurredAt) : now;
  if (occurredAt.getTime() > now.getTime() + 5 * 60_000)
    throw badRequest('occurredAt', 'La hora del incidente no puede ser futura.');
  if (input.ban) checkUntil(input.ban, now, 'ban.until');
  const ticketIds = [...new Set(input.ticketIds)];
  const tickets = await repo.ticketsOfEvent(db, event.id, ticketIds);
  if (tickets.length !== ticketIds.length)
    throw badRequest('ticketIds', 'Alguna de las entradas no es de este evento.', 'TICKET_NOT_FOUND');
  const holders = [...new Set(tickets.flatMap((t) => (t.user_id ? [t.user_id] : [])))];
  if (input.ban && holders.length === 0)
    throw badRequest('ticketIds', 'Para vetar a alguien, añade su entrada al incidente.');

  const id = uuidv7();
  const bannedUserIds = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('incidents')
      .values({
        id,
        club_id: event.club_id,
        event_id: event.id,
        reported_by: actor.id,
        occurred_at: occurredAt.toISOString(),
        type: input.type,
        description: input.description,
        photo_key: null,
        created_at: now.toISOString(),
      })
      .execute();
    if (tickets.length > 0)
      await trx
        .insertInto('incident_tickets')
        .values(tickets.map((t) => ({ incident_id: id, ticket_id: t.id })))
        .execute();
    const banned: string[] = [];
    if (input.ban) {
      for (const userId of holders) {
        const ticket = tickets.find((t) => t.user_id === userId)!;
        // Someone already banned keeps the ban they have.
        const ban = await insertBan(
          trx,
          { ...input.ban, clubId: event.club_id, userId, ticketId: ticket.id, incidentId: id },
          actor,
          now,
        );
        if (ban) banned.push(userId);
      }
    }
    return banned;
  });
  return { id, bannedUserIds };
}

export async function listIncidents(
  db: Db,
  clubId: string,
  filter: IncidentFilter & { reportedBy?: string },
): Promise<{ items: Incident[] }> {
  const rows = await repo.findIncidents(db, clubId, filter, INCIDENT_LIST_LIMIT);
  const tickets = await repo.ticketsOfIncidents(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      clubId: row.club_id,
      eventId: row.event_id,
      eventName: row.event_name,
      occurredAt: toIso(row.occurred_at),
      type: row.type as IncidentType,
      description: row.description,
      reportedBy: row.reporter_name ?? null,
      photoUrl: row.photo_key ? incidentPhotoUrl(row.club_id, row.id) : null,
      tickets: tickets
        .filter((t) => t.incident_id === row.id)
        .map((t) => ({ id: t.id, holderName: t.holder_name || t.user_name || 'Sin nombre', type: t.type })),
      createdAt: toIso(row.created_at),
    })),
  };
}
