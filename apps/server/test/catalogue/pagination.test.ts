// Cursor pagination of the event list: walking every page gives every event once, in order, even when
// several events start at the same minute; a cursor that was not made by the server is a 400.
import type { EventSummary, Page } from '@nocturna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClub, insertEvent } from '../../src/seed/catalogue-writer.ts';
import { createTestApp, DIALECTS, type TestApp } from '../test-app.ts';

const HOUR = 3600_000;
const EVENTS = 31;

describe.each(DIALECTS)('event pagination on %s', (dialect) => {
  let t: TestApp;
  let expected: string[];
  let techno: Set<string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const base = Date.now() + 2 * HOUR;
    const clubId = await insertClub(t.app.db, {
      slug: 'sala',
      name: 'Sala',
      barrio: 'Centro',
      openingDays: ['FRI'],
    });
    const rows: { id: string; start: number }[] = [];
    techno = new Set();
    for (let i = 0; i < EVENTS; i++) {
      // Groups of three share a start time, so the id tie-break is exercised at page edges.
      const start = base + Math.floor(i / 3) * HOUR;
      const genres = i % 3 === 1 ? ['house'] : ['techno', 'house'];
      const id = await insertEvent(
        t.app.db,
        {
          slug: `evento-${i}`,
          clubId,
          name: `Evento ${i}`,
          genres,
          startAt: new Date(start),
          endAt: new Date(start + 5 * HOUR),
        },
        'Sala',
      );
      if (genres.includes('techno')) techno.add(id);
      rows.push({ id, start });
    }
    expected = rows.sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : 1)).map((r) => r.id);
  });
  afterAll(async () => t.close());

  async function walk(limit: number, extra = ''): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await t.app.inject(
        `/api/events?limit=${limit}${extra}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page: Page<EventSummary> = res.json();
      expect(page.items.length).toBeLessThanOrEqual(limit);
      ids.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    return { ids, pages };
  }

  it.each([1, 4, 7, 31, 100])('walks every page with limit %i: no duplicates, no gaps', async (limit) => {
    const { ids, pages } = await walk(limit);
    expect(ids).toEqual(expected);
    expect(new Set(ids).size).toBe(EVENTS);
    // The last page knows it is the last: no trailing empty page.
    expect(pages).toBe(Math.ceil(EVENTS / limit));
  });

  it('keeps filters while paging', async () => {
    const { ids } = await walk(2, '&q=evento%201');
    // "evento 1" and "evento 10".."evento 19"
    expect(ids).toHaveLength(11);
    expect(ids).toEqual(expected.filter((id) => ids.includes(id)));
  });

  it.each([1, 2, 5])(
    'keeps the genre filter while paging with limit %i, read from the genre index',
    async (limit) => {
      const { ids } = await walk(limit, '&genre=techno');
      expect(ids).toEqual(expected.filter((id) => techno.has(id)));
      const from = new Date(Date.now() + 5 * HOUR).toISOString();
      const { ids: later } = await walk(limit, `&genre=techno&from=${encodeURIComponent(from)}`);
      expect(later.length).toBeGreaterThan(0);
      expect(later).toEqual(ids.slice(ids.length - later.length));
    },
  );

  it('defaults to 20 per page with a cursor for the rest', async () => {
    const res = await t.app.inject('/api/events');
    const page: Page<EventSummary> = res.json();
    expect(page.items).toHaveLength(20);
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it.each([
    ['garbage', 'no-es-un-cursor'],
    ['base64 of something else', Buffer.from('{"a":1}').toString('base64url')],
    ['a club cursor', Buffer.from(JSON.stringify(['Sala', 'x'])).toString('base64url')],
  ])('answers 400 INVALID_CURSOR for %s', async (_name, cursor) => {
    const res = await t.app.inject(`/api/events?cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'INVALID_CURSOR', field: 'cursor' });
    const clubs = await t.app.inject(
      `/api/clubs?cursor=${encodeURIComponent(cursor === 'no-es-un-cursor' ? cursor : Buffer.from('[1]').toString('base64url'))}`,
    );
    expect(clubs.statusCode).toBe(400);
    expect(clubs.json().error.code).toBe('INVALID_CURSOR');
  });
});
