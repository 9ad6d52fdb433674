// The audit log of the catalogue's write side: who changed which club, event or ticket type, and the values
// before and after. Each resource of management writes its entry in the same transaction as the change it records;
// the audit route reads them a page at a time.
import { z } from 'zod';
import { uuidv7 } from 'uuidv7';
import type { AuditEntry } from '@nocturna/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { toIso } from '../../../db/schema.ts';
import { decodeCursor, encodeCursor } from '../../../http/cursor.ts';
import * as clock from '../../../clock.ts';

type Q = Kysely<Database>;
export type Actor = { id: string; name: string };
export type AuditRecord = {
  actor: Actor;
  clubId: string | null;
  entity: AuditEntry['entity'];
  entityId: string;
  action: string;
  before?: object | null;
  after?: object | null;
};

export async function writeAudit(db: Q, record: AuditRecord, at = clock.now()): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: uuidv7(),
      actor_id: record.actor.id,
      actor_name: record.actor.name,
      club_id: record.clubId,
      entity: record.entity,
      entity_id: record.entityId,
      action: record.action,
      before: record.before ? JSON.stringify(record.before) : null,
      after: record.after ? JSON.stringify(record.after) : null,
      created_at: at.toISOString(),
    })
    .execute();
}

// Only the fields that changed, so an entry reads as "capacity: 300 → 350" rather than two whole rows.
export function changedFields(before: object, after: object): { before: object; after: object } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  const prior = before as Record<string, unknown>;
  for (const [key, value] of Object.entries(after as Record<string, unknown>)) {
    if (JSON.stringify(prior[key]) !== JSON.stringify(value)) {
      b[key] = prior[key] ?? null;
      a[key] = value;
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

const cursorShape = z.tuple([z.string(), z.string()]);
const parse = (json: string | null) => (json ? (JSON.parse(json) as Record<string, unknown>) : null);

export async function listAudit(
  db: Q,
  filter: {
    clubIds?: string[];
    clubId?: string;
    entity?: AuditEntry['entity'];
    actorId?: string;
    cursor?: string;
    limit: number;
  },
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const after = decodeCursor(filter.cursor, cursorShape);
  let q = db.selectFrom('audit_log').selectAll();
  if (filter.clubIds) q = q.where('club_id', 'in', filter.clubIds.length ? filter.clubIds : ['']);
  if (filter.clubId) q = q.where('club_id', '=', filter.clubId);
  if (filter.entity) q = q.where('entity', '=', filter.entity);
  if (filter.actorId) q = q.where('actor_id', '=', filter.actorId);
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('created_at', '<', after[0]),
        eb.and([eb('created_at', '=', after[0]), eb('id', '<', after[1])]),
      ]),
    );
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      actorId: r.actor_id,
      actorName: r.actor_name,
      clubId: r.club_id,
      entity: r.entity,
      entityId: r.entity_id,
      action: r.action,
      before: parse(r.before),
      after: parse(r.after),
      createdAt: toIso(r.created_at),
    })),
    nextCursor: rows.length > filter.limit && last ? encodeCursor([toIso(last.created_at), last.id]) : null,
  };
}
