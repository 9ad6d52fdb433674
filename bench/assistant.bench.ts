// `npm run bench:assistant`: the built-in assistant over a real listener with the Madrid seed, on SQLite and
// (with BENCH_DATABASE_URL or TEST_DATABASE_URL) on PostgreSQL.
// 1. Every question of the evaluation set (apps/server/test/assistant-eval-set.ts) asked one after another:
//    time to the first streamed word and to the whole answer, p50 and p99 (aim: first word < 300 ms, whole
//    answer < 1 s), as ratios against a plain catalogue read measured in the same run (GET /api/events?when=hoy).
// 2. 20 conversations at once, five questions each with follow-ups, counting every answer that is not a
//    complete stream (aim: none).
import type { AddressInfo } from 'node:net';
import { benchPgUrl, engineApp } from './engine-app.ts';
import { seedMadridIfEmpty } from '../apps/server/src/seed/madrid.ts';
import { ENGLISH, SPANISH } from '../apps/server/test/assistant-eval-set.ts';

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function run(engine: 'sqlite' | 'postgres') {
  const { app, config, close } = await engineApp(engine, 'assistant', { TRUST_PROXY: 'true' });
  await seedMadridIfEmpty(app.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const origin = `http://localhost:${config.port}`;

  let people = 0;
  async function person(): Promise<string> {
    people += 1;
    const response = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        'x-forwarded-for': `10.9.${people >> 8}.${people & 255}`,
      },
      body: JSON.stringify({
        email: `banco${people}@example.com`,
        password: 'Banco-de-pruebas-2025',
        firstName: 'Banco',
        lastName: `Pruebas${people}`,
        username: `banco_${people}`,
        phoneNumber: '+34600000000',
        dateOfBirth: '1994-02-02',
        gender: 'other',
        acceptTerms: true,
      }),
    });
    if (!response.ok) throw new Error(`sign-up ${response.status}: ${await response.text()}`);
    return response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  type Timing = { firstToken: number; full: number; ok: boolean; conversationId: string | null };

  async function askTimed(cookie: string, text: string, conversationId?: string | null): Promise<Timing> {
    const started = performance.now();
    const response = await fetch(`${base}/api/assistant/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin },
      body: JSON.stringify({ text, conversationId: conversationId ?? undefined }),
    });
    if (!response.ok || !response.body) {
      await response.text();
      return { firstToken: NaN, full: performance.now() - started, ok: false, conversationId: null };
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let firstToken = NaN;
    let all = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      all += value;
      if (Number.isNaN(firstToken) && all.includes('"type":"text"')) firstToken = performance.now() - started;
    }
    const full = performance.now() - started;
    const lines = all
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type: string; conversationId?: string });
    const ok = lines.at(-1)?.type === 'done' && !Number.isNaN(firstToken);
    return { firstToken, full, ok, conversationId: lines[0]?.conversationId ?? null };
  }

  // Baseline: the catalogue read the answers are built on, alone.
  const baseline: number[] = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    await (await fetch(`${base}/api/events?when=hoy`)).text();
    baseline.push(performance.now() - started);
  }
  const baseP50 = pct(baseline, 50);

  // 1. The evaluation set, one question after another (a new person every 25 messages: the limit is 30 per 10 min).
  const firsts: number[] = [];
  const fulls: number[] = [];
  let failed = 0;
  let cookie = await person();
  let sent = 0;
  for (const c of [...SPANISH, ...ENGLISH]) {
    let conversationId: string | null = null;
    for (const question of [...(c.setup ?? []), c.q]) {
      if (sent > 0 && sent % 25 === 0) cookie = await person();
      sent += 1;
      const timing = await askTimed(cookie, question, conversationId);
      conversationId = timing.conversationId;
      if (question !== c.q) continue;
      if (!timing.ok) failed += 1;
      firsts.push(timing.firstToken);
      fulls.push(timing.full);
    }
  }
  const f = (ms: number) => `${ms.toFixed(1)} ms (${(ms / baseP50).toFixed(1)}× baseline)`;
  console.log(`\n${engine}`);
  console.log(`baseline GET /api/events?when=hoy p50: ${baseP50.toFixed(1)} ms`);
  console.log(`evaluation set: ${firsts.length} questions, ${failed} incomplete`);
  console.log(`  first word   p50 ${f(pct(firsts, 50))}   p99 ${f(pct(firsts, 99))}   aim < 300 ms`);
  console.log(`  whole answer p50 ${f(pct(fulls, 50))}   p99 ${f(pct(fulls, 99))}   aim < 1000 ms`);

  // 2. 20 conversations at once.
  const FOLLOW_UPS = [
    '¿Qué hay esta noche?',
    '¿Y mañana?',
    '¿Cuál es más barata?',
    '¿Cuánto cuesta?',
    'Reserva la primera',
  ];
  const cookies = await Promise.all(Array.from({ length: 20 }, () => person()));
  const started = performance.now();
  const results = await Promise.all(
    cookies.map(async (c) => {
      const timings: Timing[] = [];
      let conversationId: string | null = null;
      for (const q of FOLLOW_UPS) {
        const timing = await askTimed(c, q, conversationId);
        conversationId = timing.conversationId ?? conversationId;
        timings.push(timing);
      }
      return timings;
    }),
  );
  const wall = performance.now() - started;
  const concurrent = results.flat();
  const errors = concurrent.filter((t) => !t.ok).length;
  console.log(
    `20 concurrent conversations × ${FOLLOW_UPS.length} questions: ${concurrent.length} answers in ${wall.toFixed(0)} ms, ` +
      `${errors} errors; whole answer p50 ${f(
        pct(
          concurrent.map((t) => t.full),
          50,
        ),
      )}, p99 ${f(
        pct(
          concurrent.map((t) => t.full),
          99,
        ),
      )}`,
  );

  await close();
  if (errors > 0 || failed > 0) process.exitCode = 1;
}

await run('sqlite');
if (benchPgUrl) await run('postgres');
else console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too.');
