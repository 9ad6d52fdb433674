// Private messages: get-or-create a conversation per pair, send, read up to a message, list conversations
// and pages of messages. Every read or write first finds the conversation *as a member* (404 otherwise, and
// while a block stands); writes run in one transaction; pushes and the notification follow the commit.
import { z } from 'zod';
import { uuidv7 } from 'uuidv7';
import type { Conversation, Message, SendMessage } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso, toIsoOrNull, type MessagesTable } from '../../db/schema.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { AppError } from '../../http/errors.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { Realtime } from '../../realtime/socket-server.ts';
import { pairKey } from '../relations/index.ts';
import { notify } from '../notifications/index.ts';
import { isViewing, pushMessage, pushRead, pushUnread } from './live.ts';
import { messageNew } from './notification-messages.ts';
import {
  assertReachable,
  connectionsOnly,
  conversationNotFound,
  mayStart,
  sendPermission,
  sendPermissions,
  type SendPermission,
} from './permissions.ts';
import * as repo from './repository.ts';
import * as clock from '../../clock.ts';

type Live = RealtimeBus & Pick<Realtime, 'io'>;

export function toMessage(row: MessagesTable): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    seq: Number(row.seq),
    senderId: row.sender_id,
    body: row.body,
    createdAt: toIso(row.created_at),
    clientId: row.client_id,
  };
}

async function describe(db: Db, me: string, views: repo.MemberView[]): Promise<Conversation[]> {
  const [people, lasts, permissions] = await Promise.all([
    repo.peers(
      db,
      views.map((v) => v.other_id),
    ),
    repo.lastMessages(
      db,
      views.map((v) => ({ conversationId: v.id, seq: Number(v.last_seq) })),
    ),
    sendPermissions(
      db,
      me,
      views.map((v) => ({ id: v.id, otherId: v.other_id })),
    ),
  ]);
  return views.map((v) => {
    const last = lasts.get(v.id);
    const permission: SendPermission = permissions.get(v.id) ?? {
      canSend: false,
      reason: 'connections_only',
    };
    return {
      id: v.id,
      other: people.get(v.other_id) ?? { id: v.other_id, name: '', avatarUrl: null },
      lastMessage: last ? toMessage(last) : null,
      unreadCount: Number(v.my_unread_count),
      myLastReadSeq: Number(v.my_last_read_seq),
      otherLastReadSeq: Number(v.other_last_read_seq),
      canSend: permission.canSend,
      cannotSendReason: permission.reason,
      createdAt: toIso(v.created_at),
    };
  });
}

async function memberView(db: Db, me: string, conversationId: string): Promise<repo.MemberView> {
  const view = await repo.findForMember(db, conversationId, me);
  if (!view) throw conversationNotFound();
  return view;
}

export async function getConversation(db: Db, me: string, conversationId: string): Promise<Conversation> {
  const [conversation] = await describe(db, me, [await memberView(db, me, conversationId)]);
  return conversation!;
}

// Opening /mensajes/<userId>: the pair's conversation, created on first open. Two tabs racing both get the
// one row the unique pair key lets in.
export async function openConversationWith(
  db: Db,
  me: string,
  other: string,
  beforeCreate: () => Promise<void>,
): Promise<{ conversation: Conversation; created: boolean }> {
  await assertReachable(db, me, other);
  const key = pairKey(me, other);
  let row = await repo.findByPair(db, key);
  let created = false;
  if (!row) {
    if (!(await mayStart(db, me, other))) throw connectionsOnly();
    await beforeCreate();
    const [low, high] = me < other ? [me, other] : [other, me];
    created = await db.transaction().execute((trx) =>
      repo.insertConversation(trx, {
        id: uuidv7(),
        pairKey: key,
        low,
        high,
        at: clock.now().toISOString(),
      }),
    );
    row = await repo.findByPair(db, key);
    if (!row) throw new AppError(500, 'INTERNAL_ERROR', 'Algo ha fallado en el servidor.');
  }
  return { conversation: await getConversation(db, me, row.id), created };
}

const conversationCursor = z.tuple([z.string(), z.string()]);

export async function listConversations(db: Db, me: string, options: { cursor?: string; limit: number }) {
  const before = decodeCursor(options.cursor, conversationCursor);
  const rows = await repo.listForMember(db, me, { before, limit: options.limit });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: await describe(db, me, page),
    nextCursor:
      rows.length > options.limit && last ? encodeCursor([toIsoOrNull(last.last_message_at), last.id]) : null,
  };
}

const messageCursor = z.tuple([z.number().int().min(1)]);

export async function listMessages(
  db: Db,
  me: string,
  conversationId: string,
  options: { cursor?: string; limit: number },
) {
  await memberView(db, me, conversationId);
  const before = decodeCursor(options.cursor, messageCursor);
  const rows = await repo.listMessages(db, conversationId, { beforeSeq: before?.[0], limit: options.limit });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map(toMessage),
    nextCursor: rows.length > options.limit && last ? encodeCursor([Number(last.seq)]) : null,
  };
}

export async function unreadTotal(db: Db, me: string): Promise<number> {
  return repo.totalUnread(db, me);
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; errcode?: number; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/i.test(e.message ?? '');
};

// Sends a message. A retry with the same clientId returns the stored message (created: false) and pushes
// nothing again (the common path, a first send, pays no extra lookup for it). Sending also reads the conversation up to the new message for the sender.
export async function sendMessage(
  db: Db,
  live: Live,
  me: { id: string; name: string },
  conversationId: string,
  input: SendMessage,
): Promise<{ message: Message; created: boolean }> {
  const view = await memberView(db, me.id, conversationId);
  const retried = async () => {
    if (!input.clientId) return undefined;
    const existing = await repo.findByClientId(db, me.id, input.clientId);
    if (!existing) return undefined;
    if (existing.conversation_id !== conversationId) {
      throw new AppError(
        409,
        'CLIENT_ID_REUSED',
        'Ese identificador de mensaje ya se usó en otra conversación.',
        { field: 'clientId' },
      );
    }
    return { message: toMessage(existing), created: false };
  };
  const permission = await sendPermission(db, me.id, conversationId, view.other_id);
  if (!permission.canSend) throw connectionsOnly();

  const at = clock.now().toISOString();
  let outcome: { row: MessagesTable; recipientUnread: number };
  try {
    outcome = await db.transaction().execute(async (trx) => {
      const seq = await repo.takeNextSeq(trx, conversationId, at);
      const row: MessagesTable = {
        id: uuidv7(),
        conversation_id: conversationId,
        seq,
        sender_id: me.id,
        body: input.body,
        client_id: input.clientId ?? null,
        created_at: at,
      };
      await repo.insertMessage(trx, row);
      const recipientUnread = await repo.addUnread(trx, conversationId, view.other_id);
      // The new message is the last one: the sender has read everything up to it.
      await repo.readAllUpTo(trx, conversationId, me.id, seq);
      return { row, recipientUnread };
    });
  } catch (err) {
    // A retry of a stored send, or the same clientId sent twice at once: the unique (sender, client id) lets
    // one in and rolls the other back, which then answers with the stored message.
    if (isUniqueViolation(err)) {
      const again = await retried();
      if (again) return again;
    }
    throw err;
  }

  const message = toMessage(outcome.row);
  pushMessage(live, view.other_id, { conversationId, message, unreadCount: outcome.recipientUnread });
  pushMessage(live, me.id, { conversationId, message, unreadCount: 0 });
  // The sender's own total only changes when they had unread messages here.
  const [recipientTotal, senderTotal] = await Promise.all([
    repo.totalUnread(db, view.other_id),
    Number(view.my_unread_count) > 0 ? repo.totalUnread(db, me.id) : undefined,
  ]);
  pushUnread(live, view.other_id, recipientTotal);
  if (senderTotal !== undefined) pushUnread(live, me.id, senderTotal);
  // When the sender had unread messages here, both sides learn that they are now read (the receipt); otherwise
  // nothing the other person sees changed, and the sender's tabs move their marker with message:new.
  if (Number(view.my_unread_count) > 0) {
    const read = { conversationId, userId: me.id, lastReadSeq: message.seq };
    pushRead(live, view.other_id, read);
    pushRead(live, me.id, read);
  }

  if (
    !(await isViewing(live.io, view.other_id, conversationId)) &&
    (await repo.claimNotification(db, conversationId, view.other_id, message.seq))
  ) {
    await notify(
      db,
      live,
      messageNew({
        recipientId: view.other_id,
        senderId: me.id,
        senderName: me.name,
        conversationId,
        messageId: message.id,
        body: message.body,
      }),
    );
  }
  return { message, created: true };
}

// Reads the conversation up to `seq` (clamped to its last message). The marker only moves forward.
export async function markRead(db: Db, live: Live, me: string, conversationId: string, seq: number) {
  const view = await memberView(db, me, conversationId);
  const state = await db.transaction().execute(async (trx) => {
    const lastSeq = await repo.lockConversation(trx, conversationId);
    return repo.markReadUpTo(trx, conversationId, me, Math.min(seq, lastSeq));
  });
  const totalUnread = await repo.totalUnread(db, me);
  if (state.moved) {
    const read = { conversationId, userId: me, lastReadSeq: state.lastReadSeq };
    pushRead(live, view.other_id, read);
    pushRead(live, me, read);
    pushUnread(live, me, totalUnread);
  }
  return { conversationId, lastReadSeq: state.lastReadSeq, unreadCount: state.unreadCount, totalUnread };
}

// For the socket's typing signal: the other member of a conversation `me` may see, or null.
export async function otherMember(db: Db, me: string, conversationId: string): Promise<string | null> {
  const view = await repo.findForMember(db, conversationId, me);
  return view?.other_id ?? null;
}

// For a report: the message, if `me` is a member of its conversation (a block does not stop a report).
export async function messageForReport(db: Db, me: string, messageId: string): Promise<Message | null> {
  const row = await repo.findMessage(db, messageId);
  if (!row || !(await repo.isMember(db, row.conversation_id, me))) return null;
  return toMessage(row);
}
