import { sql, type Migration } from 'kysely';
import type { MigrationDb } from './column-types.ts';

// Notifications are stored as a message of the notifications catalogue and its data (JSON), and worded in the
// reader's language when shown. The rows stored before as Spanish text are read back into their message here:
// names from the text, instants from the rows they refer to (the event's start, the ticket's check-in, the
// waiting-list offer's end). A row that reads back into none keeps its text, shown as it is.
export const notificationMessages: Migration = {
  async up(db: MigrationDb) {
    await db.schema.alterTable('notifications').addColumn('message', 'text').execute();
    await db.schema
      .alterTable('notifications')
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    const rows = await sql<StoredRow>`select id, title, body, refs from notifications`.execute(db);
    for (const row of rows.rows) {
      const found = await readBack(row, lookups(db));
      if (!found) continue;
      await sql`update notifications set message = ${found.message}, data = ${JSON.stringify(found.data)},
        title = '', body = '' where id = ${row.id}`.execute(db);
    }
  },
};

type StoredRow = { id: string; title: string; body: string; refs: string };
type Data = Record<string, string | number>;
type Lookups = {
  eventStart: (id: string | undefined) => Promise<string | null>;
  checkInAt: (id: string | undefined) => Promise<string | null>;
  offerEnd: (id: string | undefined) => Promise<string | null>;
};

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

function lookups(db: MigrationDb): Lookups {
  const one = async (query: ReturnType<typeof sql<{ at: unknown }>>) =>
    iso((await query.execute(db)).rows[0]?.at);
  return {
    eventStart: async (id) => (id ? one(sql`select start_at as at from events where id = ${id}`) : null),
    checkInAt: async (id) => (id ? one(sql`select check_in_at as at from tickets where id = ${id}`) : null),
    offerEnd: async (id) =>
      id ? one(sql`select offer_expires_at as at from ticket_waitlist where id = ${id}`) : null,
  };
}

const ROLES: Record<string, string> = { administrador: 'admin', CEO: 'ceo', DJ: 'dj', RPP: 'rpp' };
const REFUSALS: Record<string, string> = {
  'no cumplir el código de vestimenta': 'dress_code',
  'la edad mínima': 'age',
  'el estado en que llegaste': 'intoxication',
  'que el local estaba lleno': 'capacity',
  'el comportamiento': 'behaviour',
  'otro motivo': 'other',
};
const REFUNDS: Record<string, string> = {
  'Tu pago llegó cuando la reserva ya había caducado y no quedaban entradas.': 'sold_out',
  'Ya tenías el máximo de entradas de este tipo.': 'limit',
  'La discoteca ha cancelado el evento.': 'event_cancelled',
  'Tu pago llegó cuando el evento ya había terminado.': 'event_finished',
  'Has cancelado la entrada.': 'ticket_cancelled',
};
const WEEKDAYS = 'lunes|martes|miércoles|jueves|viernes|sábado|domingo';

// "12,50 €", "1.200 €" → cents.
function cents(text: string): number | null {
  const m = /^([\d.]+)(?:,(\d{2}))?\s*€$/.exec(text.replace(/\u00a0/g, ' ').trim());
  return m ? Number(m[1]!.replace(/\./g, '')) * 100 + Number(m[2] ?? 0) : null;
}

// The message and data a stored Spanish text was written from, or null.
export async function readBack(
  row: StoredRow,
  look: Lookups,
): Promise<{ message: string; data: Data } | null> {
  const refs = JSON.parse(row.refs || '{}') as Record<string, string>;
  const { title, body } = row;
  const withStart = async (message: string, data: Data, field = 'startAt') => {
    const at = await look.eventStart(refs.eventId);
    return at ? { message, data: { ...data, [field]: at } } : null;
  };
  let m: RegExpExecArray | null;
  if ((m = /^(.+) quiere conectar contigo$/.exec(title)))
    return { message: 'connectionRequested', data: { name: m[1]! } };
  if ((m = /^(.+) ha aceptado tu solicitud$/.exec(title)))
    return { message: 'connectionAccepted', data: { name: m[1]! } };
  if ((m = /^(.+) te ha escrito$/.exec(title)))
    return { message: 'messageNew', data: { name: m[1]!, preview: body } };
  if ((m = /^Tu entrada para (.+) se ha revendido$/.exec(title)))
    return {
      message: body.includes('te devolvemos el importe') ? 'ticketResoldRefunded' : 'ticketResold',
      data: { eventName: m[1]! },
    };
  if ((m = /^(?:Tu entrada|Tus (\d+) entradas) para (.+)$/.exec(title))) {
    const type = /^(.+) · .+\. El QR está en Entradas, también sin conexión\.$/.exec(body);
    if (!type) return null;
    return withStart('ticketIssued', { eventName: m[2]!, typeName: type[1]!, count: Number(m[1] ?? 1) });
  }
  if ((m = /^(.+) te ha pasado una entrada$/.exec(title))) {
    const event = /^(.+) · .+\. Ya tienes el QR en Entradas\.$/.exec(body);
    return event ? withStart('ticketReceived', { name: m[1]!, eventName: event[1]! }) : null;
  }
  if ((m = /^Has pasado tu entrada a (.+)$/.exec(title))) {
    const event = /^(.+): tu QR ya no vale; ahora entra con el suyo\.$/.exec(body);
    return event ? { message: 'ticketSent', data: { name: m[1]!, eventName: event[1]! } } : null;
  }
  if ((m = /^Entrada cancelada: (.+)$/.exec(title)))
    return {
      message: body.includes('lista de espera') ? 'ticketCancelledWaitlist' : 'ticketCancelled',
      data: { eventName: m[1]! },
    };
  if ((m = /^¡Hay una plaza para ti en (.+)!$/.exec(title))) {
    const type = /^(.+): es tuya si la coges antes de las /.exec(body);
    const at = await look.offerEnd(refs.waitlistEntryId);
    return type && at
      ? { message: 'waitlistOffer', data: { eventName: m[1]!, typeName: type[1]!, expiresAt: at } }
      : null;
  }
  if ((m = /^La entrada de (.+) ya no está disponible$/.exec(title)))
    return { message: 'resaleOfferWithdrawn', data: { eventName: m[1]! } };
  if ((m = /^Ya estás dentro: (.+)$/.exec(title))) {
    const what = /^Tu entrada (.+) se validó a las \d{2}:\d{2} en (.+)\. ¡Que disfrutes la noche!$/.exec(
      body,
    );
    const at = await look.checkInAt(refs.ticketId);
    return what && at
      ? { message: 'ticketCheckedIn', data: { eventName: m[1]!, typeName: what[1]!, at, door: what[2]! } }
      : null;
  }
  if ((m = /^No has podido entrar: (.+)$/.exec(title))) {
    const why = /^La puerta rechazó tu entrada por (.+)\. (Te devolvemos|La discoteca no devuelve)/.exec(
      body,
    );
    if (!why) return null;
    const reason = REFUSALS[why[1]!];
    return {
      message: why[2] === 'Te devolvemos' ? 'ticketRefusedRefunded' : 'ticketRefused',
      data: { eventName: m[1]!, ...(reason ? { reason } : { reason: 'other', note: why[1]! }) },
    };
  }
  if ((m = /^Te devolvemos (.+?) · (.+)$/.exec(title))) {
    const amount = cents(m[1]!);
    const reason = Object.entries(REFUNDS).find(([words]) => body.startsWith(words))?.[1];
    return amount === null
      ? null
      : {
          message: 'paymentRefunded',
          data: { eventName: m[2]!, amountCents: amount, refundReason: reason ?? '' },
        };
  }
  if ((m = /^(.+) se ha cancelado$/.exec(title))) {
    const which = /(?:Tu entrada queda cancelada|Tus (\d+) entradas quedan canceladas)\.$/.exec(body);
    return which ? withStart('eventCancelled', { eventName: m[1]!, count: Number(which[1] ?? 1) }) : null;
  }
  if ((m = /^(.+) cambia de hora$/.exec(title))) return withStart('eventMoved', { eventName: m[1]! });
  if ((m = /^(.+) empieza pronto$/.exec(title)))
    return withStart('eventReminder', { eventName: m[1]! }, 'opensAt');
  if ((m = /^Tienes un nuevo rol: (.+)$/.exec(title)))
    return ROLES[m[1]!] ? { message: 'roleGranted', data: { role: ROLES[m[1]!]! } } : null;
  if ((m = /^Piden retirar una foto del muro de (.+)$/.exec(title))) {
    const who = /^(.+) sale en la foto y pide que se retire\./.exec(body);
    return who ? { message: 'snapshotTakedown', data: { eventName: m[1]!, name: who[1]! } } : null;
  }
  if ((m = /^No se permite tu entrada: (.+)$/.exec(title))) {
    const club = /^La discoteca (.*) no permite tu entrada\./.exec(body);
    return club ? { message: 'entryBanned', data: { eventName: m[1]!, clubName: club[1]! } } : null;
  }
  if ((m = /^Estás en la puerta de (.+)$/.exec(title)))
    return { message: 'addedToDoor', data: { clubName: m[1]! } };
  if ((m = /^Eres responsable de (.+)$/.exec(title)))
    return { message: 'madeClubOwner', data: { clubName: m[1]! } };
  if ((m = /^(.+) pincha en (.+)$/.exec(title))) {
    const club = new RegExp(`^(.+), (?:${WEEKDAYS}), \\d`).exec(body);
    return club
      ? withStart('djBooked', { name: m[1]!, eventName: m[2]!, clubName: club[1]! }, 'dayAt')
      : null;
  }
  return null;
}
