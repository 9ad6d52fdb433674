// "Download my data": a job builds a JSON archive of everything the person made, keeps it in storage and offers
// it for EXPORT_HOURS; another job removes it then. One export at a time per person.
import { uuidv7 } from 'uuidv7';
import { EXPORT_HOURS, type DataExport } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso, toIsoOrNull, type DataExportsTable } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { localeOf, queueMail } from '../mail/index.ts';
import type { AccountsContext } from './context.ts';
import { moreOfTheArchive } from './data-export-more.ts';
import * as clock from '../../clock.ts';

export const EXPORT_JOB = 'account.export';
export const EXPORT_EXPIRE_JOB = 'account.export-expire';

const keyOf = (id: string) => `exports/${id}.json`;

function toExport(row: DataExportsTable): DataExport {
  return {
    id: row.id,
    status: row.status,
    createdAt: toIso(row.created_at),
    readyAt: toIsoOrNull(row.ready_at),
    expiresAt: toIsoOrNull(row.expires_at),
    sizeBytes: row.size_bytes,
  };
}

export async function listExports(ctx: AccountsContext, userId: string): Promise<DataExport[]> {
  const rows = await ctx.db
    .selectFrom('data_exports')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', clock.now().toISOString())]))
    .orderBy('created_at', 'desc')
    .limit(5)
    .execute();
  return rows.map(toExport);
}

export async function requestExport(ctx: AccountsContext, userId: string): Promise<DataExport> {
  const pending = await ctx.db
    .selectFrom('data_exports')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (pending) return toExport(pending);
  const row: DataExportsTable = {
    id: uuidv7(),
    user_id: userId,
    status: 'pending',
    storage_key: null,
    size_bytes: null,
    created_at: clock.now().toISOString(),
    ready_at: null,
    expires_at: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await trx.insertInto('data_exports').values(row).execute();
    await enqueueJob(trx, EXPORT_JOB, { exportId: row.id });
  });
  return toExport(row);
}

// Everything the person made, table by table; the password hash, tokens and other people's private data stay out.
export async function buildArchive(db: Db, userId: string) {
  const user = await archivedUser(db, userId);
  const [profile, tickets, social, notices, access, more] = await Promise.all([
    db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    archivedTickets(db, userId),
    socialArchive(db, userId),
    noticesArchive(db, userId),
    accessArchive(db, userId),
    moreOfTheArchive(db, userId),
  ]);
  return {
    format: 'nocturna-export-1',
    exportedAt: clock.now().toISOString(),
    user,
    profile: profile ?? null,
    tickets,
    ...social,
    ...notices,
    ...access,
    ...more,
  };
}

// Their account: who they are and how to reach them, without the password hash or tokens.
function archivedUser(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'name',
      'username',
      'display_username',
      'first_name',
      'last_name',
      'phone_number',
      'date_of_birth',
      'gender',
      'image',
      'locale',
      'created_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

// Their tickets, each with its event's name and start.
function archivedTickets(db: Db, userId: string) {
  return db
    .selectFrom('tickets')
    .innerJoin('events', 'events.id', 'tickets.event_id')
    .select([
      'tickets.id',
      'tickets.type',
      'tickets.status',
      'tickets.price_cents',
      'tickets.currency',
      'tickets.holder_name',
      'tickets.created_at',
      'tickets.check_in_at',
      'tickets.cancelled_at',
      'events.name as event_name',
      'events.start_at as event_start_at',
    ])
    .where('tickets.user_id', '=', userId)
    .orderBy('tickets.created_at')
    .execute();
}

// Their connections either way, the people they blocked and the messages they sent.
async function socialArchive(db: Db, userId: string) {
  const [connections, blocks, messages] = await Promise.all([
    db
      .selectFrom('connections')
      .select(['requester_id', 'addressee_id', 'status', 'created_at', 'accepted_at'])
      .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]))
      .execute(),
    db
      .selectFrom('user_blocks')
      .select(['blocked_id', 'created_at'])
      .where('blocker_id', '=', userId)
      .execute(),
    db.selectFrom('messages').selectAll().where('sender_id', '=', userId).orderBy('created_at').execute(),
  ]);
  return { connections, blocks, messages };
}

// The notifications they got, what they wrote to the team and how they want to be told.
async function noticesArchive(db: Db, userId: string) {
  const [notifications, contact, preferences] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(['type', 'title', 'body', 'link', 'is_read', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('contact_messages')
      .select(['name', 'email', 'topic', 'message', 'status', 'reply', 'created_at'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('notification_preferences')
      .select(['kind', 'in_app', 'email', 'push'])
      .where('user_id', '=', userId)
      .execute(),
  ]);
  return { notifications, contactMessages: contact, notificationPreferences: preferences };
}

// Their sessions, the ways they sign in and their roles.
async function accessArchive(db: Db, userId: string) {
  const [sessions, linked, roles] = await Promise.all([
    db
      .selectFrom('sessions')
      .select(['user_agent', 'ip_address', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .execute(),
    db.selectFrom('accounts').select(['provider_id', 'created_at']).where('user_id', '=', userId).execute(),
    db.selectFrom('user_roles').select(['role', 'granted_at']).where('user_id', '=', userId).execute(),
  ]);
  return { sessions, signInMethods: linked, roles };
}

// The export job: builds the archive of a pending export, keeps it in storage for EXPORT_HOURS (when the expiry job
// removes it) and mails the person that it is ready. An export no longer pending (or gone) is left alone.
async function prepareExport(ctx: AccountsContext, exportId: string) {
  const row = await ctx.db
    .selectFrom('data_exports')
    .selectAll()
    .where('id', '=', exportId)
    .executeTakeFirst();
  if (!row || row.status !== 'pending') return;
  const archive = Buffer.from(JSON.stringify(await buildArchive(ctx.db, row.user_id), null, 2));
  await ctx.storage.put(keyOf(row.id), archive);
  const readyAt = clock.now();
  const expiresAt = new Date(readyAt.getTime() + EXPORT_HOURS * 3600_000);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('data_exports')
      .set({
        status: 'ready',
        storage_key: keyOf(row.id),
        size_bytes: archive.length,
        ready_at: readyAt.toISOString(),
        expires_at: expiresAt.toISOString(),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .execute();
    await enqueueJob(trx, EXPORT_EXPIRE_JOB, { exportId: row.id }, { runAt: expiresAt });
  });
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'name'])
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  if (user)
    await queueMail(ctx.jobs, {
      to: user.email,
      template: 'exportReady',
      locale: await localeOf(ctx.db, row.user_id),
      data: { name: user.name, path: '/ajustes#datos', expiresAt: expiresAt.toISOString() },
    });
}

async function expireExport(ctx: AccountsContext, exportId: string) {
  await ctx.storage.remove(keyOf(exportId));
  await ctx.db.deleteFrom('data_exports').where('id', '=', exportId).execute();
}

export function registerExportJobs(ctx: AccountsContext) {
  ctx.jobs.handle(EXPORT_JOB, async (payload) =>
    prepareExport(ctx, (payload as { exportId: string }).exportId),
  );
  ctx.jobs.handle(EXPORT_EXPIRE_JOB, async (payload) =>
    expireExport(ctx, (payload as { exportId: string }).exportId),
  );
}

export async function downloadExport(ctx: AccountsContext, userId: string, id: string): Promise<Buffer> {
  const row = await ctx.db
    .selectFrom('data_exports')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('El archivo', 'EXPORT_NOT_FOUND');
  if (row.status !== 'ready' || !row.storage_key)
    throw new AppError(409, 'EXPORT_NOT_READY', 'Tu archivo aún se está preparando.');
  if (row.expires_at && toIso(row.expires_at) <= clock.now().toISOString())
    throw new AppError(410, 'EXPORT_EXPIRED', 'Este archivo ya no está disponible: pide uno nuevo.');
  const data = await ctx.storage.read(row.storage_key);
  if (!data) throw new AppError(410, 'EXPORT_EXPIRED', 'Este archivo ya no está disponible: pide uno nuevo.');
  return data;
}
