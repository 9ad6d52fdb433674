// Who may write to whom. Starting a conversation and every send follow the recipient's "who can message me"
// setting: everyone, or connections only. Someone who has written to you has let you answer, whatever your
// setting says. Blocks (either way) close everything: the blocked side is told the person does not exist.
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { areConnected, isBlockedEitherWay } from '../relations/index.ts';
import * as repo from './repository.ts';

export type SendPermission = { canSend: boolean; reason: 'connections_only' | null };

export const userNotFound = () =>
  new AppError(404, 'USER_NOT_FOUND', 'Esta persona no existe o no está disponible.');
export const conversationNotFound = () =>
  new AppError(404, 'CONVERSATION_NOT_FOUND', 'La conversación no existe.');
export const connectionsOnly = () =>
  new AppError(
    403,
    'MESSAGES_CONNECTIONS_ONLY',
    'Esta persona solo recibe mensajes de sus conexiones. Conecta con ella para escribirle.',
  );

// Refuses to start a conversation with someone you cannot reach; says why only when you may know it.
export async function assertReachable(db: Db, me: string, other: string): Promise<void> {
  if (me === other)
    throw new AppError(400, 'CANNOT_MESSAGE_SELF', 'No puedes enviarte mensajes a ti mismo.', {
      field: 'userId',
    });
  if (!(await repo.userExists(db, other))) throw userNotFound();
  if (await isBlockedEitherWay(db, me, other)) {
    if (await repo.hasBlocked(db, me, other)) {
      throw new AppError(
        403,
        'MESSAGES_BLOCKED',
        'Has bloqueado a esta persona. Desbloquéala para escribirle.',
      );
    }
    throw userNotFound();
  }
}

// Whether `me` may write in these conversations now (one query for the settings, then only the
// connections-only recipients are looked at one by one).
export async function sendPermissions(
  db: Db,
  me: string,
  conversations: { id: string; otherId: string }[],
): Promise<Map<string, SendPermission>> {
  const result = new Map<string, SendPermission>();
  const restricted = await repo.connectionsOnly(
    db,
    conversations.map((c) => c.otherId),
  );
  for (const c of conversations) {
    if (
      !restricted.has(c.otherId) ||
      (await areConnected(db, me, c.otherId)) ||
      (await repo.hasWritten(db, c.id, c.otherId))
    ) {
      result.set(c.id, { canSend: true, reason: null });
    } else {
      result.set(c.id, { canSend: false, reason: 'connections_only' });
    }
  }
  return result;
}

export async function sendPermission(
  db: Db,
  me: string,
  conversationId: string,
  otherId: string,
): Promise<SendPermission> {
  return (await sendPermissions(db, me, [{ id: conversationId, otherId }])).get(conversationId)!;
}

// Before a conversation exists: only the setting and the connection count.
export async function mayStart(db: Db, me: string, other: string): Promise<boolean> {
  if (!(await repo.connectionsOnly(db, [other])).has(other)) return true;
  return areConnected(db, me, other);
}
