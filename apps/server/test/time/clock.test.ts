// The server's one clock: a test pins it and undoes the pin, and a time rule seen through HTTP follows it. The
// night rule is the proof: at 05:59 on Saturday "hoy" is still Friday night, at 06:01 it is Saturday night, and
// neither answer depends on the hour this test happens to run.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { now, nowMs, pinClock } from '../../src/clock.ts';
import { createTestApp, DIALECTS, type TestApp } from '../test-app.ts';
import { ticketEvent } from '../tickets-fixture.ts';

describe('pinClock', () => {
  it('pins the clock, and the undo gives the real one back', () => {
    const undo = pinClock('2026-11-28T05:59:00+01:00');
    try {
      expect(now().toISOString()).toBe('2026-11-28T04:59:00.000Z');
      expect(nowMs()).toBe(Date.parse('2026-11-28T04:59:00.000Z'));
    } finally {
      undo();
    }
    expect(Math.abs(nowMs() - Date.now())).toBeLessThan(1000);
  });

  it('keeps going from the pinned instant when running', async () => {
    const undo = pinClock('2026-11-28T05:59:00+01:00', { running: true });
    try {
      const first = nowMs();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(nowMs()).toBeGreaterThan(first);
      expect(nowMs() - Date.parse('2026-11-28T04:59:00.000Z')).toBeLessThan(5_000);
    } finally {
      undo();
    }
  });

  it('refuses something that is not an instant', () => {
    expect(() => pinClock('not a date')).toThrow(/not an instant/);
  });
});

describe.each(DIALECTS)('"tonight" follows the pinned clock through HTTP on %s', (dialect) => {
  let t: TestApp;
  let undo: (() => void) | undefined;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => {
    undo?.();
    undo = undefined;
  });
  afterAll(async () => t.close());

  const tonight = async () => {
    const res = await t.app.inject('/api/events?when=hoy&limit=100');
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: { id: string }[] }).items.map((e) => e.id);
  };

  it('lists Friday night as "hoy" at 05:59 on Saturday, and Saturday night from 06:01', async () => {
    undo = pinClock('2026-11-28T05:59:00+01:00', { running: true });
    // Placed on the pinned clock: Friday 22:59 to Saturday 07:59, and Saturday 22:59 to Sunday 07:59.
    const friday = await ticketEvent(t.app.db, { startsInHours: -7, hours: 9, types: [] });
    const saturday = await ticketEvent(t.app.db, { startsInHours: 17, hours: 9, types: [] });

    const at0559 = await tonight();
    expect(at0559).toContain(friday.eventId);
    expect(at0559).not.toContain(saturday.eventId);

    undo();
    undo = pinClock('2026-11-28T06:01:00+01:00', { running: true });
    const at0601 = await tonight();
    expect(at0601).not.toContain(friday.eventId);
    expect(at0601).toContain(saturday.eventId);
  });
});
