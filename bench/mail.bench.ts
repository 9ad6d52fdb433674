// `npm run bench:mail`: mail through the durable job queue to a local SMTP server, on SQLite and (with
// BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL.
//  1. Throughput: N real templates (event reminders, half in Spanish, half in English) queued with queueMail and
//     sent by the app's worker, as mails/s and as a ratio to sending the same mails straight through nodemailer
//     (rendered the same way, through the app's nodemailer transport, as many at once as the queue runs) to the same server in the same run.
//  2. Outage: N more are queued, the SMTP server is stopped hard when half have arrived (open sessions get 421)
//     and started again on the same port after a pause. Every mail must arrive exactly once: each goes to its own
//     address and the server counts per address. The queue waits 10 s, 20 s, 40 s … between attempts and the app
//     has no setting to shorten that, so after the restart the bench calls runDue with a `now` a minute ahead (as
//     the tests do; past the retries' 10–20 s, short of the 5-minute lease so it never takes a job the worker's own
//     poll is sending): the drain time is how long the queue takes to send the backlog, not the backoff's wait.
// Each mail opens its own SMTP connection (the transport does not pool), and smtp-server, like real servers, holds
// its greeting 100 ms to catch early talkers: that, not the queue, bounds both rates.
// Exits 1 when any mail is lost or duplicated, or one is left failed in the queue.
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { benchPgUrl, engineApp } from './engine-app.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { QUEUE_CONCURRENCY, QUEUE_LEASE_MS } from '../apps/server/src/jobs/queue.ts';
import { publicOrigin } from '../apps/server/src/config.ts';
import { MAIL_JOB, queueMail, type MailRequest } from '../apps/server/src/features/mail/service.ts';
import { renderMail } from '../apps/server/src/features/mail/templates.ts';
import { createMailTransport } from '../apps/server/src/features/mail/transport.ts';

const N = Number(process.env.BENCH_MAILS ?? 1000);
const DOWN_MS = Number(process.env.BENCH_SMTP_DOWN_MS ?? 3000);
const TIMEOUT_MS = 300_000;
const DOMAIN = 'bench.nocturna.test';
// A `now` further ahead than the lease would see the worker's own runs as dead and send their mails again.
const AHEAD_MS = Math.min(60_000, QUEUE_LEASE_MS / 2);

type Row = {
  engine: string;
  directPerS: number;
  queuePerS: number;
  atStop: number;
  waitingAtRestart: number;
  failedAttempts: number;
  drainS: number;
  lost: number;
  duplicated: number;
  failedJobs: number;
};

const reminder = (phase: string, i: number): MailRequest<'eventReminder'> => ({
  to: `${phase}-${i}@${DOMAIN}`,
  template: 'eventReminder',
  locale: i % 2 ? 'en' : 'es',
  data: {
    name: `Persona ${i}`,
    eventName: 'Noche de banco de pruebas',
    clubName: 'Sala Banco',
    startAt: new Date(Date.now() + 86_400_000).toISOString(),
    path: `/events/banco-${i}`,
  },
});

const arrived = (sink: SmtpSink, phase: string) => {
  let n = 0;
  for (const [address, count] of sink.received) if (address.startsWith(`${phase}-`)) n += count;
  return n;
};

async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  step?: () => Promise<unknown>,
) {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    if (step) await step();
    else await new Promise((r) => setTimeout(r, 5));
  }
}

async function inParallel(n: number, width: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

async function sendDirect(app: FastifyInstance, sink: SmtpSink, phase: string, n: number): Promise<number> {
  // The app's own nodemailer transport, the one its queue sends through, without the queue.
  const transport = createMailTransport(app.config);
  const origin = publicOrigin(app.config);
  const started = performance.now();
  await inParallel(n, QUEUE_CONCURRENCY, async (i) => {
    const mail = reminder(phase, i);
    const rendered = await renderMail(mail.template, mail.locale, mail.data, origin);
    await transport.send({ to: mail.to, ...rendered });
  });
  transport.close();
  return (performance.now() - started) / 1000;
}

async function sendQueued(app: FastifyInstance, sink: SmtpSink, phase: string, n: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i++) await queueMail(app.jobs, reminder(phase, i));
  await until(() => arrived(sink, phase) >= n, `${n} queued mails`);
  return (performance.now() - started) / 1000;
}

const queuedMail = (app: FastifyInstance) =>
  app.db
    .selectFrom('jobs')
    .select(['status', 'attempts'])
    .where('kind', '=', MAIL_JOB)
    .where('payload', 'like', `%@${DOMAIN}%`)
    .execute();

async function run(engine: 'sqlite' | 'postgres'): Promise<Row> {
  const sink = await startSmtpSink();
  const { app, close } = await engineApp(engine, 'mail', { SMTP_URL: sink.url });
  try {
    // Warm-up: templates, connections, prepared statements.
    await sendDirect(app, sink, 'warm-direct', 50);
    await sendQueued(app, sink, 'warm-queue', 50);

    const directS = await sendDirect(app, sink, 'direct', N);
    const queueS = await sendQueued(app, sink, 'queue', N);

    for (let i = 0; i < N; i++) await queueMail(app.jobs, reminder('outage', i));
    await until(() => arrived(sink, 'outage') >= N / 2, 'half the outage mails');
    await sink.stop();
    const atStop = arrived(sink, 'outage');
    await new Promise((r) => setTimeout(r, DOWN_MS));
    const waiting = await queuedMail(app);
    await sink.start();
    const restarted = performance.now();
    await until(
      () => arrived(sink, 'outage') >= N,
      'the outage mails after the restart',
      () => app.jobs.runDue(new Date(Date.now() + AHEAD_MS)),
    );
    const drainS = (performance.now() - restarted) / 1000;
    // Settle: the queue empty, then a moment for any late second copy to land.
    await until(async () => (await queuedMail(app)).every((j) => j.status === 'failed'), 'an empty queue');
    await new Promise((r) => setTimeout(r, 1000));

    let lost = 0;
    let duplicated = 0;
    for (let i = 0; i < N; i++) {
      const count = sink.received.get(`outage-${i}@${DOMAIN}`) ?? 0;
      if (count === 0) lost++;
      if (count > 1) duplicated += count - 1;
    }
    for (const phase of ['direct', 'queue'])
      for (let i = 0; i < N; i++) {
        const count = sink.received.get(`${phase}-${i}@${DOMAIN}`) ?? 0;
        if (count === 0) lost++;
        if (count > 1) duplicated += count - 1;
      }
    return {
      engine,
      directPerS: N / directS,
      queuePerS: N / queueS,
      atStop,
      waitingAtRestart: waiting.length,
      failedAttempts: waiting.reduce((sum, j) => sum + j.attempts, 0),
      drainS,
      lost,
      duplicated,
      failedJobs: (await queuedMail(app)).filter((j) => j.status === 'failed').length,
    };
  } finally {
    await close();
    await sink.close();
  }
}

console.log(
  `Nocturna mail benchmark · Node ${process.versions.node} · ${os.cpus().length} CPUs · ${N} mails per phase, ` +
    `SMTP down ${DOWN_MS / 1000} s mid-run\n`,
);
const rows = [await run('sqlite'), ...(benchPgUrl ? [await run('postgres')] : [])];
console.log(
  'engine    direct mails/s  queue mails/s  queue ÷ direct  arrived at stop  waiting at restart (failed attempts)  drain s  lost  duplicated  failed jobs',
);
for (const r of rows)
  console.log(
    `${r.engine.padEnd(9)} ${r.directPerS.toFixed(0).padStart(14)}  ${r.queuePerS.toFixed(0).padStart(13)}  ` +
      `${(r.queuePerS / r.directPerS).toFixed(2).padStart(13)}×  ${String(r.atStop).padStart(15)}  ` +
      `${`${r.waitingAtRestart} (${r.failedAttempts})`.padStart(36)}  ${r.drainS.toFixed(2).padStart(7)}  ` +
      `${String(r.lost).padStart(4)}  ${String(r.duplicated).padStart(10)}  ${String(r.failedJobs).padStart(11)}`,
  );
if (!benchPgUrl)
  console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too.');
const bad = rows.filter((r) => r.lost || r.duplicated || r.failedJobs);
if (bad.length) {
  console.log(`\nMAIL LOST OR DUPLICATED on ${bad.map((r) => r.engine).join(', ')}`);
  process.exit(1);
}
console.log('\nEvery mail arrived exactly once, the outage included.');
