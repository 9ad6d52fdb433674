// What a change to an event's ticket types must pass: the event is the caller's and not cancelled, the sales window
// runs forwards, the types fit the club's aforo, and card sales have the club's billing behind them.
import type { Db } from '../../../db/connect.ts';
import { AppError, badRequest, notFound } from '../../../http/errors.ts';
import { requireClubManager } from '../../club-staff/index.ts';
import type { Actor } from '../audit/repository.ts';

export async function eventForTypes(db: Db, actor: Actor, eventId: string) {
  const row = await db
    .selectFrom('events')
    .innerJoin('clubs', 'clubs.id', 'events.club_id')
    .select([
      'events.id',
      'events.club_id',
      'events.status',
      'events.end_at',
      'events.allow_over_capacity',
      'clubs.capacity as club_capacity',
    ])
    .where((eb) => eb.or([eb('events.id', '=', eventId), eb('events.slug', '=', eventId)]))
    .executeTakeFirst();
  if (!row) throw notFound('El evento', 'EVENT_NOT_FOUND');
  await requireClubManager(db, actor, row.club_id);
  if (row.status === 'cancelled')
    throw new AppError(
      409,
      'EVENT_CANCELLED',
      'El evento está cancelado: sus entradas ya no se pueden cambiar.',
    );
  return row;
}

export type EventForTypes = Awaited<ReturnType<typeof eventForTypes>>;

export function checkWindow(salesFrom: string | null | undefined, salesUntil: string | null | undefined) {
  if (salesFrom && salesUntil && new Date(salesFrom) >= new Date(salesUntil))
    throw badRequest('salesUntil', 'El fin de la venta debe ser posterior a su inicio.');
}

// The aforo rule: what all types of the event would add up to after this change.
export async function checkAforo(db: Db, event: EventForTypes, typeId: string | null, capacity: number) {
  if (event.allow_over_capacity) return;
  const others = await db
    .selectFrom('ticket_types')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('capacity'), eb.lit(0)).as('total'))
    .where('event_id', '=', event.id)
    .$if(typeId !== null, (q) => q.where('id', '!=', typeId!))
    .executeTakeFirstOrThrow();
  const total = Number(others.total) + capacity;
  if (total > event.club_capacity)
    throw badRequest(
      'capacity',
      `Las entradas sumarían ${total} plazas y el aforo de la discoteca es ${event.club_capacity}. Reduce plazas o permite superar el aforo en el evento.`,
    );
}

// Card sales need a receipt the club can stand behind: its legal name and NIF. Until its billing is
// set, a type cannot start being paid online.
export async function requireBillingForCards(db: Db, clubId: string): Promise<void> {
  const billing = await db
    .selectFrom('club_billing')
    .select(['legal_name', 'nif'])
    .where('club_id', '=', clubId)
    .executeTakeFirst();
  if (!billing?.legal_name || !billing.nif)
    throw new AppError(
      409,
      'BILLING_REQUIRED',
      'Para cobrar con tarjeta, indica antes la razón social y el NIF de la discoteca en Facturación.',
      { field: 'payment' },
    );
}
