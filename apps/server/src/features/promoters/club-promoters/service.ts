// A club's promoters (RPP) as its CEO (or an admin) runs them: the list with each one's commission and figures,
// attaching one with a commission for the club, changing their code or commission, and removing them.
import crypto from 'node:crypto';
import type { ClubPromotersResponse, Commission } from '@nocturna/shared';
import type { Db } from '../../../db/connect.ts';
import { toIso } from '../../../db/schema.ts';
import { AppError, badRequest } from '../../../http/errors.ts';
import { hasRole } from '../../../auth/roles.ts';
import { attachedOr404, managedClub } from '../club-access.ts';
import { aboveFaceValue, eur, euros, toCommission } from '../commission-values.ts';
import { partnerSettings } from '../partner-settings/service.ts';
import * as repo from '../repository.ts';
import { attachedPromoters, commissionRules, comingTicketTypes, figuresByPromoter } from './repository.ts';
import * as clock from '../../../clock.ts';

type Actor = { id: string; name: string };

// The dearest ticket of the club's nights not over yet (cancelled ones aside): what a club-wide default applies
// to. Null when the club has none: nothing to measure it against yet, and what is earned is capped per ticket.
async function dearestComingPrice(db: Db, clubId: string): Promise<number | null> {
  const row = await db
    .selectFrom('ticket_types as tt')
    .innerJoin('events as e', 'e.id', 'tt.event_id')
    .select((eb) => eb.fn.max('tt.price_cents').as('dearest'))
    .where('e.club_id', '=', clubId)
    .where('e.end_at', '>', clock.now().toISOString())
    .where('e.status', '<>', 'cancelled')
    .executeTakeFirst();
  return row?.dearest === null || row?.dearest === undefined ? null : Number(row.dearest);
}

async function checkDefaultCommission(db: Db, clubId: string, commission: Commission | undefined) {
  if (commission?.kind !== 'fixed') return;
  const dearest = await dearestComingPrice(db, clubId);
  if (dearest !== null && commission.value > dearest)
    throw aboveFaceValue(
      'commission.value',
      `Un importe fijo no puede superar el precio de la entrada más cara de las próximas noches de la discoteca (${euros(dearest)}): la comisión nunca es más de lo que se cobra por la entrada.`,
    );
}

const codeTaken = () =>
  new AppError(409, 'PROMOTER_CODE_TAKEN', 'Ese código ya es de otro RPP: elige otro.', { field: 'code' });

function codeFor(name: string) {
  const base = name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 8);
  return `${base || 'RPP'}${crypto.randomInt(10, 99)}`;
}

export async function listClubPromoters(
  db: Db,
  actor: Actor,
  clubIdOrSlug: string,
): Promise<ClubPromotersResponse> {
  const club = await managedClub(db, actor, clubIdOrSlug);
  const [rows, figures, rules, settings, types] = await Promise.all([
    attachedPromoters(db, club.id),
    figuresByPromoter(db, club.id),
    commissionRules(db, club.id),
    partnerSettings(db, club.id),
    comingTicketTypes(db, club.id),
  ]);
  const byPromoter = new Map(figures.map((f) => [f.promoter_id, f]));
  return {
    settings,
    ticketTypes: types.map((x) => ({
      id: x.id,
      name: x.name,
      priceCents: repo.num(x.price_cents),
      eventName: x.event_name,
      eventStartAt: toIso(x.start_at),
    })),
    items: rows.map((r) => {
      const f = byPromoter.get(r.user_id);
      return {
        userId: r.user_id,
        name: r.name,
        username: r.username,
        code: r.code,
        commission: toCommission(r.commission_kind, r.commission_value),
        rules: rules
          .filter((x) => x.promoter_id === r.user_id)
          .map((x) => ({
            ticketTypeId: x.ticket_type_id,
            typeName: x.type_name,
            eventName: x.event_name,
            commission: toCommission(x.kind, x.value),
          })),
        sold: repo.num(f?.sold),
        checkedIn: repo.num(f?.checked_in),
        earned: eur(repo.num(f?.earned)),
      };
    }),
  };
}

export async function attachPromoter(
  db: Db,
  actor: Actor,
  clubIdOrSlug: string,
  input: { login: string; code?: string; commission: Commission },
) {
  const club = await managedClub(db, actor, clubIdOrSlug);
  await checkDefaultCommission(db, club.id, input.commission);
  const login = input.login.trim().replace(/^@/, '');
  const user = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('email', '=', login.toLowerCase()), eb('username', '=', login.toLowerCase())]))
    .executeTakeFirst();
  if (!user) throw badRequest('login', 'No hay nadie en Nocturna con ese usuario o e-mail.');
  if (!(await hasRole(db, user.id, 'rpp')))
    throw badRequest('login', `${user.name} no tiene el rol de RPP: pide a un administrador que se lo dé.`);
  const code = input.code ?? codeFor(user.name);
  const at = clock.now().toISOString();
  try {
    await db
      .insertInto('club_promoters')
      .values({
        club_id: club.id,
        user_id: user.id,
        code,
        commission_kind: input.commission.kind,
        commission_value: input.commission.value,
        added_by: actor.id,
        created_at: at,
        removed_at: null,
      })
      .onConflict((oc) =>
        oc.columns(['club_id', 'user_id']).doUpdateSet({
          code,
          commission_kind: input.commission.kind,
          commission_value: input.commission.value,
          removed_at: null,
        }),
      )
      .execute();
  } catch (error) {
    if (isUnique(error)) throw codeTaken();
    throw error;
  }
  return { userId: user.id, code };
}

function isUnique(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === '23505' || (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}

export async function updatePromoter(
  db: Db,
  actor: Actor,
  clubIdOrSlug: string,
  userId: string,
  patch: { code?: string; commission?: Commission },
) {
  const club = await managedClub(db, actor, clubIdOrSlug);
  await attachedOr404(db, club.id, userId);
  if (!patch.code && !patch.commission) return;
  await checkDefaultCommission(db, club.id, patch.commission);
  try {
    await db
      .updateTable('club_promoters')
      .set({
        ...(patch.code ? { code: patch.code } : {}),
        ...(patch.commission
          ? { commission_kind: patch.commission.kind, commission_value: patch.commission.value }
          : {}),
      })
      .where('club_id', '=', club.id)
      .where('user_id', '=', userId)
      .execute();
  } catch (error) {
    if (isUnique(error)) throw codeTaken();
    throw error;
  }
}

export async function detachPromoter(db: Db, actor: Actor, clubIdOrSlug: string, userId: string) {
  const club = await managedClub(db, actor, clubIdOrSlug);
  await attachedOr404(db, club.id, userId);
  await db
    .updateTable('club_promoters')
    .set({ removed_at: clock.now().toISOString() })
    .where('club_id', '=', club.id)
    .where('user_id', '=', userId)
    .execute();
}
