// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countdownParts } from './countdown.ts';

describe('countdown to the next night', () => {
  it('splits what is left into days, hours and minutes', () => {
    const now = Date.parse('2026-11-27T20:00:00Z');
    expect(countdownParts('2026-11-28T23:30:00Z', now)).toEqual({ days: 1, hours: 3, minutes: 30 });
  });
  it('stops at zero once the night has started', () => {
    expect(countdownParts('2026-11-27T19:00:00Z', Date.parse('2026-11-27T20:00:00Z'))).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
    });
  });
});
