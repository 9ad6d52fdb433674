// The built-in assistant against its evaluation set over the Madrid seed: at least 90 % of the answers must be
// right, and the figure is printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventSummary, Page } from '@nocturna/shared';
import { seedMadridIfEmpty } from '../src/seed/madrid.ts';
import { DIALECTS, createTestApp, type TestApp } from './test-app.ts';
import { signUp } from './auth-helpers.ts';
import { ask } from './assistant-helpers.ts';
import { ENGLISH, SPANISH, type EvalCase, type Facts } from './assistant-eval-set.ts';

async function facts(t: TestApp): Promise<Facts> {
  const list = async (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/events?limit=100&${query}` }).then((r) => r.json()) as Promise<
      Page<EventSummary>
    >;
  const [tonight, tomorrow, weekend, upcoming] = await Promise.all([
    list('when=hoy'),
    list('when=manana'),
    list('when=finde'),
    list(''),
  ]);
  const all = upcoming.items;
  return {
    tonight: tonight.items,
    tomorrow: tomorrow.items,
    weekend: weekend.items,
    upcoming: all,
    genre: (g) => all.filter((e) => e.genres.includes(g)),
    barrio: (b) => all.filter((e) => e.barrio === b),
    later: (days) => all.filter((e) => new Date(e.startAt).getTime() > Date.now() + days * 86_400_000),
  };
}

function judge(c: EvalCase, f: Facts, text: string): string | null {
  const lower = text.replace(/\u00a0/g, ' ').toLowerCase();
  for (const must of c.contains?.(f) ?? [])
    if (!lower.includes(must.toLowerCase())) return `missing "${must}"`;
  const any = c.containsAny?.(f);
  if (any && !any.some((a) => lower.includes(a.toLowerCase()))) return `none of ${JSON.stringify(any)}`;
  for (const never of c.notContains?.(f) ?? [])
    if (lower.includes(never.toLowerCase())) return `contains "${never}"`;
  return null;
}

describe.each(DIALECTS)('assistant evaluation set (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let f: Facts;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedMadridIfEmpty(t.app.db);
    cookie = (await signUp(t.app)).cookie;
    f = await facts(t);
  }, 120_000);
  afterAll(async () => t?.close());

  it('has at least 60 Spanish and 10 English questions', () => {
    expect(SPANISH.length).toBeGreaterThanOrEqual(60);
    expect(ENGLISH.length).toBeGreaterThanOrEqual(10);
  });

  it('answers at least 90 % of them right, in the language asked', async () => {
    const failures: string[] = [];
    let passed = 0;
    const cases = [
      ...SPANISH.map((c) => ({ c, lang: 'es' as const })),
      ...ENGLISH.map((c) => ({ c, lang: 'en' as const })),
    ];
    for (const { c } of cases) {
      let conversationId: string | undefined;
      for (const setup of c.setup ?? [])
        conversationId = (await ask(t.app, cookie, setup, conversationId)).conversationId ?? undefined;
      const answer = await ask(t.app, cookie, c.q, conversationId);
      const problem = answer.status !== 200 ? `status ${answer.status}` : judge(c, f, answer.text);
      if (problem)
        failures.push(`${c.q} → ${problem}\n    ${answer.text.slice(0, 300).replace(/\n/g, ' ⏎ ')}`);
      else passed++;
      // A fresh person now and then, so the set stays under the per-person message limit.
      if ((passed + failures.length) % 8 === 0) cookie = (await signUp(t.app)).cookie;
    }
    const share = (passed / cases.length) * 100;
    console.info(
      `assistant evaluation (${dialect}): ${passed}/${cases.length} right (${share.toFixed(1)} %)`,
    );
    if (failures.length) console.info(`failed:\n  ${failures.join('\n  ')}`);
    expect(share).toBeGreaterThanOrEqual(90);
  }, 300_000);
});
