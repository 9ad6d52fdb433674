// The contact form and the admins' inbox. A reply is a conditional UPDATE (still open → handled) with its mail
// queued in the same transaction: two admins answering at once send one reply, and a reply is never marked
// sent without its mail.
import { z } from 'zod';
import { uuidv7 } from 'uuidv7';
import type { ContactMessage, contactFormSchema } from '@nocturna/shared';
import { contactTopicSchema } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso, toIsoOrNull, type ContactMessagesTable } from '../../db/schema.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { queueMailIn, type MailLocale } from '../mail/index.ts';
import * as clock from '../../clock.ts';

type ContactRow = ContactMessagesTable & { handler_name?: string | null };

function toMessage(row: ContactRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    topic: contactTopicSchema.parse(row.topic),
    message: row.message,
    locale: row.locale,
    status: row.status,
    reply: row.reply,
    handledAt: toIsoOrNull(row.handled_at),
    handledBy: row.handler_name ?? null,
    signedIn: row.user_id !== null,
    createdAt: toIso(row.created_at),
  };
}

export async function receiveContact(
  db: Db,
  input: z.infer<typeof contactFormSchema>,
  from: { userId: string | null; locale: MailLocale },
): Promise<{ stored: boolean }> {
  // A bot filled the hidden field: answer like any other message, keep nothing.
  if (input.website && input.website.trim() !== '') return { stored: false };
  await db
    .insertInto('contact_messages')
    .values({
      id: uuidv7(),
      user_id: from.userId,
      name: input.name,
      email: input.email,
      topic: input.topic,
      message: input.message,
      locale: from.locale,
      status: 'open',
      reply: null,
      handled_by: null,
      handled_at: null,
      created_at: clock.now().toISOString(),
    })
    .execute();
  return { stored: true };
}

const cursorShape = z.tuple([z.string(), z.string()]);

export async function listContact(
  db: Db,
  query: { status: 'open' | 'handled'; cursor?: string; limit: number },
) {
  const before = decodeCursor(query.cursor, cursorShape);
  // Open ones oldest first (the queue); handled ones newest first (the history).
  const oldestFirst = query.status === 'open';
  let q = db
    .selectFrom('contact_messages')
    .leftJoin('users', 'users.id', 'contact_messages.handled_by')
    .selectAll('contact_messages')
    .select('users.name as handler_name')
    .where('contact_messages.status', '=', query.status);
  if (before) {
    const [at, id] = before;
    q = q.where((eb) =>
      oldestFirst
        ? eb.or([
            eb('contact_messages.created_at', '>', at),
            eb.and([eb('contact_messages.created_at', '=', at), eb('contact_messages.id', '>', id)]),
          ])
        : eb.or([
            eb('contact_messages.created_at', '<', at),
            eb.and([eb('contact_messages.created_at', '=', at), eb('contact_messages.id', '<', id)]),
          ]),
    );
  }
  const direction = oldestFirst ? 'asc' : 'desc';
  const rows = await q
    .orderBy('contact_messages.created_at', direction)
    .orderBy('contact_messages.id', direction)
    .limit(query.limit + 1)
    .execute();
  const open = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toMessage),
    nextCursor: rows.length > query.limit && last ? encodeCursor([toIso(last.created_at), last.id]) : null,
    openCount: Number(open.n),
  };
}

async function loadMessage(db: Db, id: string): Promise<ContactRow> {
  const row = await db
    .selectFrom('contact_messages')
    .leftJoin('users', 'users.id', 'contact_messages.handled_by')
    .selectAll('contact_messages')
    .select('users.name as handler_name')
    .where('contact_messages.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('El mensaje', 'CONTACT_NOT_FOUND');
  return row;
}

const alreadyHandled = () =>
  new AppError(409, 'CONTACT_ALREADY_HANDLED', 'Otra persona ya ha atendido este mensaje.');

export async function replyToContact(
  db: Db,
  adminId: string,
  id: string,
  reply: string,
): Promise<ContactMessage> {
  const message = await loadMessage(db, id);
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('contact_messages')
      .set({ status: 'handled', reply, handled_by: adminId, handled_at: clock.now().toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw alreadyHandled();
    await queueMailIn(trx, {
      to: message.email,
      template: 'contactReply',
      locale: message.locale === 'en' ? 'en' : 'es',
      data: { name: message.name, reply, original: message.message },
      replyTo: undefined,
    });
  });
  return toMessage(await loadMessage(db, id));
}

export async function markContactHandled(db: Db, adminId: string, id: string): Promise<ContactMessage> {
  await loadMessage(db, id);
  const updated = await db
    .updateTable('contact_messages')
    .set({ status: 'handled', handled_by: adminId, handled_at: clock.now().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw alreadyHandled();
  return toMessage(await loadMessage(db, id));
}
