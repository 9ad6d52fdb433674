// The club's cancellation rule for its tickets: stored as clubs.cancel_hours_before (NULL never, 0 until the start,
// N until N hours before), read by cancelTicket and the ticket views, edited by the club's CEO or an admin.
import type { CancelRule } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../http/errors.ts';
import { requireClubManager } from '../club-staff/index.ts';

const HOUR_MS = 3_600_000;

export function toCancelRule(hoursBefore: number | null): CancelRule {
  if (hoursBefore === null) return { mode: 'never', hours: null };
  const hours = Number(hoursBefore);
  return hours === 0 ? { mode: 'until_start', hours: null } : { mode: 'hours_before', hours };
}

function toHoursBefore(rule: CancelRule): number | null {
  if (rule.mode === 'never') return null;
  return rule.mode === 'until_start' ? 0 : (rule.hours ?? 0);
}

// The last moment (exclusive) a holder may cancel under the rule; null when the club admits no cancellations.
export function cancellableUntil(startAt: Date, hoursBefore: number | null): Date | null {
  if (hoursBefore === null) return null;
  return new Date(startAt.getTime() - Number(hoursBefore) * HOUR_MS);
}

// Why a cancellation is refused under the rule, in the words the holder reads.
export function ruleRefusal(hoursBefore: number | null): string {
  if (hoursBefore === null) return 'Este club no admite cancelaciones.';
  if (Number(hoursBefore) === 0) return 'El evento ya ha empezado: la entrada ya no se puede cancelar.';
  return `Este club admite cancelaciones hasta ${Number(hoursBefore)} h antes del inicio.`;
}

async function ruleOf(db: Db, clubId: string): Promise<CancelRule> {
  const club = await db
    .selectFrom('clubs')
    .select('cancel_hours_before')
    .where('id', '=', clubId)
    .executeTakeFirst();
  if (!club) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
  return toCancelRule(club.cancel_hours_before);
}

export async function clubCancelRule(db: Db, actor: { id: string }, clubId: string): Promise<CancelRule> {
  await requireClubManager(db, actor, clubId);
  return ruleOf(db, clubId);
}

export async function updateClubCancelRule(
  db: Db,
  actor: { id: string },
  clubId: string,
  rule: CancelRule,
): Promise<CancelRule> {
  await requireClubManager(db, actor, clubId);
  await db
    .updateTable('clubs')
    .set({ cancel_hours_before: toHoursBefore(rule) })
    .where('id', '=', clubId)
    .execute();
  return ruleOf(db, clubId);
}
