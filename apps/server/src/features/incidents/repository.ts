// Incident rows: written in one transaction with their tickets, read per club with filters.
import type { IncidentFilter } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';

export async function ticketsOfEvent(db: Db, eventId: string, ticketIds: string[]) {
  if (ticketIds.length === 0) return [];
  return db
    .selectFrom('tickets')
    .select(['id', 'user_id'])
    .where('event_id', '=', eventId)
    .where('id', 'in', ticketIds)
    .execute();
}

export async function findIncidents(
  db: Db,
  clubId: string,
  filter: IncidentFilter & { reportedBy?: string },
  limit: number,
) {
  let query = db
    .selectFrom('incidents')
    .innerJoin('events', 'events.id', 'incidents.event_id')
    .leftJoin('users', 'users.id', 'incidents.reported_by')
    .select([
      'incidents.id',
      'incidents.club_id',
      'incidents.event_id',
      'events.name as event_name',
      'incidents.occurred_at',
      'incidents.type',
      'incidents.description',
      'incidents.photo_key',
      'incidents.created_at',
      'users.name as reporter_name',
    ])
    .where('incidents.club_id', '=', clubId);
  if (filter.eventId) query = query.where('incidents.event_id', '=', filter.eventId);
  if (filter.type) query = query.where('incidents.type', '=', filter.type);
  if (filter.from) query = query.where('incidents.occurred_at', '>=', new Date(filter.from).toISOString());
  if (filter.to) query = query.where('incidents.occurred_at', '<', new Date(filter.to).toISOString());
  if (filter.reportedBy) query = query.where('incidents.reported_by', '=', filter.reportedBy);
  return query
    .orderBy('incidents.occurred_at', 'desc')
    .orderBy('incidents.id', 'desc')
    .limit(limit)
    .execute();
}

export async function ticketsOfIncidents(db: Db, incidentIds: string[]) {
  if (incidentIds.length === 0) return [];
  return db
    .selectFrom('incident_tickets')
    .innerJoin('tickets', 'tickets.id', 'incident_tickets.ticket_id')
    .leftJoin('users', 'users.id', 'tickets.user_id')
    .select([
      'incident_tickets.incident_id',
      'tickets.id',
      'tickets.holder_name',
      'users.name as user_name',
      'tickets.type',
    ])
    .where('incident_tickets.incident_id', 'in', incidentIds)
    .orderBy('tickets.id')
    .execute();
}
