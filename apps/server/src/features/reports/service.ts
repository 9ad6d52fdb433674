// Reports: a signed-in person reports a user or a message they took part in; the report waits in a queue
// (one open report per reporter and target) until an admin resolves or dismisses it.
import { z } from 'zod';
import { uuidv7 } from 'uuidv7';
import type { AdminReport, CreateReport, ReportReason, ResolveReport } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso, toIsoOrNull, type ReportsTable } from '../../db/schema.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { AppError } from '../../http/errors.ts';
import { messageForReport } from '../messages/index.ts';
import * as repo from './repository.ts';
import * as clock from '../../clock.ts';

export async function createReport(db: Db, reporterId: string, input: CreateReport) {
  const at = clock.now().toISOString();
  const base = {
    id: uuidv7(),
    reporter_id: reporterId,
    reason: input.reason,
    note: input.note ? input.note : null,
    status: 'open' as const,
    created_at: at,
    resolved_at: null,
    resolved_by: null,
    resolution_note: null,
  };
  let row: ReportsTable;
  if (input.target.kind === 'user') {
    const userId = input.target.userId;
    if (userId === reporterId)
      throw new AppError(400, 'CANNOT_REPORT_SELF', 'No puedes denunciarte a ti mismo.', {
        field: 'target.userId',
      });
    if (!(await repo.userExists(db, userId)))
      throw new AppError(404, 'USER_NOT_FOUND', 'Esta persona no existe.');
    row = {
      ...base,
      kind: 'user',
      reported_user_id: userId,
      message_id: null,
      message_body: null,
      message_created_at: null,
      open_key: `${reporterId}:user:${userId}`,
    };
  } else {
    const message = await messageForReport(db, reporterId, input.target.messageId);
    if (!message) throw new AppError(404, 'MESSAGE_NOT_FOUND', 'El mensaje no existe.');
    if (message.senderId === reporterId)
      throw new AppError(400, 'CANNOT_REPORT_OWN_MESSAGE', 'No puedes denunciar un mensaje tuyo.', {
        field: 'target.messageId',
      });
    row = {
      ...base,
      kind: 'message',
      reported_user_id: message.senderId,
      message_id: message.id,
      message_body: message.body,
      message_created_at: message.createdAt,
      open_key: `${reporterId}:message:${message.id}`,
    };
  }
  if (!(await repo.insertReport(db, row))) {
    throw new AppError(
      409,
      'REPORT_ALREADY_OPEN',
      'Ya lo has denunciado: el equipo de Nocturna lo está revisando.',
    );
  }
  return { id: row.id, status: row.status, createdAt: at };
}

const cursorShape = z.tuple([z.string(), z.string()]);

async function toAdminReports(db: Db, rows: ReportsTable[]): Promise<AdminReport[]> {
  const people = await repo.people(
    db,
    rows.flatMap((r) => [r.reporter_id, r.reported_user_id, ...(r.resolved_by ? [r.resolved_by] : [])]),
  );
  const person = (id: string) => people.get(id) ?? { id, name: '', email: null, username: null };
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    reason: r.reason as ReportReason,
    note: r.note,
    status: r.status,
    createdAt: toIso(r.created_at),
    reporter: person(r.reporter_id),
    reported: person(r.reported_user_id),
    message:
      r.message_id && r.message_body !== null
        ? {
            id: r.message_id,
            body: r.message_body,
            createdAt: toIsoOrNull(r.message_created_at) ?? toIso(r.created_at),
          }
        : null,
    resolvedAt: toIsoOrNull(r.resolved_at),
    resolvedBy: r.resolved_by ? person(r.resolved_by) : null,
    resolutionNote: r.resolution_note,
  }));
}

export async function listReports(
  db: Db,
  options: { status: ReportsTable['status']; cursor?: string; limit: number },
) {
  const after = decodeCursor(options.cursor, cursorShape);
  const [rows, openCount] = await Promise.all([
    repo.listByStatus(db, options.status, { after, limit: options.limit }),
    repo.countOpen(db),
  ]);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: await toAdminReports(db, page),
    nextCursor: rows.length > options.limit && last ? encodeCursor([toIso(last.created_at), last.id]) : null,
    openCount,
  };
}

export async function resolveReport(
  db: Db,
  adminId: string,
  id: string,
  input: ResolveReport,
): Promise<AdminReport> {
  const closed = await repo.close(db, id, {
    status: input.outcome,
    by: adminId,
    at: clock.now().toISOString(),
    note: input.note ? input.note : null,
  });
  const row = await repo.findReport(db, id);
  if (!row) throw new AppError(404, 'REPORT_NOT_FOUND', 'La denuncia no existe.');
  if (!closed) throw new AppError(409, 'REPORT_ALREADY_CLOSED', 'Otra persona ya ha cerrado esta denuncia.');
  const [report] = await toAdminReports(db, [row]);
  return report!;
}
