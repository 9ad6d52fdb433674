// @vitest-environment node
// How long a ban lasts: its end counted from now, none for "forever".
import { describe, expect, it } from 'vitest';
import { banUntil } from './ban-periods.ts';

const now = new Date('2026-11-28T01:30:00.000Z');

describe('banUntil', () => {
  it('ends a day or a week after now, to the minute', () => {
    expect(banUntil('day', now)).toBe('2026-11-29T01:30:00.000Z');
    expect(banUntil('week', now)).toBe('2026-12-05T01:30:00.000Z');
  });

  it('ends on the same day of the next month and of the next year', () => {
    expect(banUntil('month', now)).toBe('2026-12-28T01:30:00.000Z');
    expect(banUntil('year', now)).toBe('2027-11-28T01:30:00.000Z');
  });

  it('has no end for a ban for ever, and does not change the moment it counts from', () => {
    expect(banUntil('forever', now)).toBeNull();
    banUntil('year', now);
    expect(now.toISOString()).toBe('2026-11-28T01:30:00.000Z');
  });
});
