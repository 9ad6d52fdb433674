// Mail as the other features use it: ask for a template to be sent to an address, in a language, and the job
// queue does the rest (retried with backoff while the mail server is down). Nothing is sent inside a request.
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { parseCookie } from 'cookie';
import type { Db } from '../../db/connect.ts';
import { attemptsToSpan, enqueueJob, type JobQueue } from '../../jobs/queue.ts';
import type { JobDb } from '../../jobs/queue-store.ts';
import type { MailLocale } from './layout.ts';
import { TEMPLATE_NAMES, type TemplateData, type TemplateName } from './templates.ts';

export const MAIL_JOB = 'mail.send';
// A mail server that is down loses nothing: a mail keeps being retried (backoff capped at an hour) for three days,
// not the queue's default eight attempts (about twenty minutes).
export const MAIL_RETRY_DAYS = 3;
export const MAIL_MAX_ATTEMPTS = attemptsToSpan(MAIL_RETRY_DAYS * 24 * 3600_000);

export type MailRequest<K extends TemplateName = TemplateName> = {
  to: string;
  template: K;
  locale: MailLocale;
  data: TemplateData[K];
  replyTo?: string;
};

export const mailJobSchema = z.object({
  to: z.string().min(3),
  template: z.enum(TEMPLATE_NAMES),
  locale: z.enum(['es', 'en']),
  data: z.record(z.string(), z.unknown()),
  replyTo: z.string().optional(),
});

export function queueMail<K extends TemplateName>(jobs: Pick<JobQueue, 'enqueue'>, mail: MailRequest<K>) {
  return jobs.enqueue(MAIL_JOB, mail, { maxAttempts: MAIL_MAX_ATTEMPTS });
}

// Inside a caller's transaction.
export function queueMailIn<K extends TemplateName>(db: JobDb, mail: MailRequest<K>) {
  return enqueueJob(db, MAIL_JOB, mail, { maxAttempts: MAIL_MAX_ATTEMPTS });
}

const LANG_COOKIE = 'nocturna.lang';

export function asLocale(value: unknown): MailLocale | null {
  return value === 'es' || value === 'en' ? value : null;
}

// The language a person reads: the one the app shows them now (its cookie), else the one kept on the account.
export async function localeOf(
  db: Db,
  userId: string | null,
  cookieHeader?: string | null,
): Promise<MailLocale> {
  const fromCookie = cookieHeader ? asLocale(parseCookie(cookieHeader)[LANG_COOKIE]) : null;
  if (fromCookie) return fromCookie;
  if (!userId) return 'es';
  const row = await db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst();
  return asLocale(row?.locale) ?? 'es';
}

export function requestLocale(request: Pick<FastifyRequest, 'headers'>): MailLocale | null {
  const cookie = request.headers.cookie;
  return cookie ? asLocale(parseCookie(cookie)[LANG_COOKIE]) : null;
}
