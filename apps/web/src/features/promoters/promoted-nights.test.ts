import type { PromotedEvent } from '@nocturna/shared';
import { describe, expect, it } from 'vitest';
import { arrangeNights } from './promoted-nights.ts';

const event = (id: string, startAt: string, endAt: string) => ({ id, startAt, endAt }) as PromotedEvent;
const ids = (events: PromotedEvent[]) => events.map((e) => e.id);

// Madrid is UTC+1 in November: 23:30 on Friday 20 is 22:30Z.
const lastNight = event('thu', '2026-11-19T22:30:00.000Z', '2026-11-20T04:00:00.000Z');
const friday = event('fri', '2026-11-20T22:30:00.000Z', '2026-11-21T05:00:00.000Z');
const fridayLate = event('fri-late', '2026-11-21T01:00:00.000Z', '2026-11-21T06:00:00.000Z');
const saturday = event('sat', '2026-11-21T22:30:00.000Z', '2026-11-22T05:00:00.000Z');
const nextWeek = event('next-fri', '2026-11-27T22:30:00.000Z', '2026-11-28T05:00:00.000Z');
const all = [nextWeek, saturday, fridayLate, friday, lastNight];

describe('arrangeNights', () => {
  it("puts tonight's events first, with one starting after midnight, then the later nights and the past", () => {
    const at = arrangeNights(all, new Date('2026-11-20T20:00:00.000Z'));
    expect(at.focus?.kind).toBe('tonight');
    expect(ids(at.focus!.events)).toEqual(['fri', 'fri-late']);
    expect(ids(at.later)).toEqual(['sat', 'next-fri']);
    expect(ids(at.past)).toEqual(['thu']);
  });

  it('keeps the night until 06:00: at 05:30 on Saturday it is still Friday night', () => {
    const at = arrangeNights(all, new Date('2026-11-21T04:30:00.000Z'));
    expect(ids(at.focus!.events)).toEqual(['fri', 'fri-late']);
  });

  it('keeps an event still under way after 06:00 with the night being worked', () => {
    const at = arrangeNights(all, new Date('2026-11-21T05:30:00.000Z'));
    expect(at.focus?.kind).toBe('tonight');
    expect(ids(at.focus!.events)).toEqual(['fri-late', 'sat']);
    expect(ids(at.past)).toEqual(['fri', 'thu']);
  });

  it('opens the next night worked when there is nothing tonight', () => {
    const at = arrangeNights([nextWeek, saturday], new Date('2026-11-20T20:00:00.000Z'));
    expect(at.focus).toEqual({ kind: 'next', events: [saturday] });
    expect(ids(at.later)).toEqual(['next-fri']);
    expect(at.past).toEqual([]);
  });
});
