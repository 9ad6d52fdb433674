// The Madrid night rule, at the hours where it is easiest to get wrong: a night runs from 06:00 to 06:00 local
// time, belongs to the day it starts, and is 25 hours long when the clocks go back and 23 when they go forward.
import { describe, expect, it } from 'vitest';
import {
  madridWallClock,
  madridWeekday,
  nightOf,
  nightStart,
  rangeFor,
  tonightDate,
  weekdayNight,
} from '@nocturna/shared';

// An instant written as Madrid's UTC offset says: `at('2026-11-27T23:59', '+01:00')`.
const at = (local: string, offset: string) => new Date(`${local}:00${offset}`);
const night = (instant: Date) => madridWallClock(nightStart(instant));
const hours = (range: { from: Date; to: Date }) => (range.to.getTime() - range.from.getTime()) / 3600_000;

describe('the Madrid night rule', () => {
  it('keeps Friday night until 06:00 on Saturday, and starts Sunday at 06:00', () => {
    expect(night(at('2026-11-27T23:59', '+01:00'))).toEqual({ date: '2026-11-27', time: '06:00' });
    expect(night(at('2026-11-28T04:00', '+01:00'))).toEqual({ date: '2026-11-27', time: '06:00' });
    expect(night(at('2026-11-28T05:59', '+01:00'))).toEqual({ date: '2026-11-27', time: '06:00' });
    expect(night(at('2026-11-28T06:00', '+01:00'))).toEqual({ date: '2026-11-28', time: '06:00' });
    expect(night(at('2026-11-29T06:01', '+01:00'))).toEqual({ date: '2026-11-29', time: '06:00' });
    expect(madridWeekday(at('2026-11-28T05:59', '+01:00'))).toBe('FRI');
    expect(madridWeekday(at('2026-11-29T06:01', '+01:00'))).toBe('SUN');
  });

  it('says "tonight" is the night under way at 05:59 and the next one at 06:01', () => {
    const lateFriday = rangeFor('hoy', at('2026-11-28T05:59', '+01:00'));
    expect(lateFriday.from.toISOString()).toBe('2026-11-27T05:00:00.000Z');
    expect(lateFriday.to.toISOString()).toBe('2026-11-28T05:00:00.000Z');
    const sunday = rangeFor('hoy', at('2026-11-29T06:01', '+01:00'));
    expect(sunday.from.toISOString()).toBe('2026-11-29T05:00:00.000Z');
    // "El sábado" asked in the small hours of Saturday is the Saturday night to come, not the Friday under way.
    expect(weekdayNight('SAT', at('2026-11-28T04:00', '+01:00')).from.toISOString()).toBe(
      '2026-11-28T05:00:00.000Z',
    );
    expect(weekdayNight('FRI', at('2026-11-28T04:00', '+01:00')).from.toISOString()).toBe(
      '2026-11-27T05:00:00.000Z',
    );
  });

  it('gives the night the clocks go back 25 hours, and 02:30 (twice) belongs to Saturday', () => {
    // Last Sunday of October 2026: 03:00 CEST becomes 02:00 CET, so 02:30 happens at +02:00 and again at +01:00.
    for (const offset of ['+02:00', '+01:00'])
      expect(night(at('2026-10-25T02:30', offset))).toEqual({ date: '2026-10-24', time: '06:00' });
    const saturday = rangeFor('hoy', at('2026-10-24T23:00', '+02:00'));
    expect(saturday.from.toISOString()).toBe('2026-10-24T04:00:00.000Z');
    expect(hours(saturday)).toBe(25);
  });

  it('gives the night the clocks go forward 23 hours', () => {
    // Last Sunday of March 2027: 02:00 CET becomes 03:00 CEST; 01:59 and 03:01 are both still Saturday night.
    expect(night(at('2027-03-28T01:59', '+01:00'))).toEqual({ date: '2027-03-27', time: '06:00' });
    expect(night(at('2027-03-28T03:01', '+02:00'))).toEqual({ date: '2027-03-27', time: '06:00' });
    const saturday = rangeFor('hoy', at('2027-03-27T23:00', '+01:00'));
    expect(hours(saturday)).toBe(23);
    expect(night(at('2027-03-28T06:00', '+02:00'))).toEqual({ date: '2027-03-28', time: '06:00' });
  });

  it("names a date's night from 06:00 that day to 06:00 the next, across both clock changes", () => {
    expect(nightOf('2026-11-27').from.toISOString()).toBe('2026-11-27T05:00:00.000Z');
    expect(nightOf('2026-11-27').to.toISOString()).toBe('2026-11-28T05:00:00.000Z');
    expect(nightOf('2026-10-24')).toEqual(rangeFor('hoy', at('2026-10-24T23:00', '+02:00')));
    expect(hours(nightOf('2026-10-24'))).toBe(25);
    expect(hours(nightOf('2027-03-27'))).toBe(23);
  });

  it('keeps New Year’s Eve a night of the old year until 06:00 on the first', () => {
    expect(night(at('2026-12-31T23:59', '+01:00'))).toEqual({ date: '2026-12-31', time: '06:00' });
    expect(night(at('2027-01-01T05:59', '+01:00'))).toEqual({ date: '2026-12-31', time: '06:00' });
    expect(madridWeekday(at('2027-01-01T05:59', '+01:00'))).toBe('THU');
    const weekend = rangeFor('finde', at('2027-01-01T05:59', '+01:00'));
    expect(weekend.from.toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });

  it("gives today's date as the night's: the night under way until 06:00, across the new year and both clock changes", () => {
    expect(tonightDate(at('2026-12-31T23:59', '+01:00'))).toBe('2026-12-31');
    expect(tonightDate(at('2027-01-01T00:01', '+01:00'))).toBe('2026-12-31');
    expect(tonightDate(at('2027-01-01T05:59', '+01:00'))).toBe('2026-12-31');
    expect(tonightDate(at('2027-01-01T06:01', '+01:00'))).toBe('2027-01-01');
    expect(tonightDate(at('2027-10-31T02:30', '+01:00'))).toBe('2027-10-30');
    expect(tonightDate(at('2027-03-28T03:30', '+02:00'))).toBe('2027-03-27');
    expect(tonightDate(at('2026-11-28T05:59', '+01:00'))).toBe('2026-11-27');
    expect(tonightDate(at('2026-11-29T06:01', '+01:00'))).toBe('2026-11-29');
  });
});
