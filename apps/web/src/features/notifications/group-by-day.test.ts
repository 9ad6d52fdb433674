// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Notification } from '@nocturna/shared';
import { groupByDay, madridDayKey } from './group-by-day.ts';

const n = (id: string, createdAt: string): Notification => ({
  id,
  userId: 'u1',
  message: null,
  data: {},
  type: 'system',
  isRead: false,
  createdAt,
  title: id,
  body: '',
  link: null,
  refs: {},
});

describe('notifications grouped by Madrid day', () => {
  it('uses the Madrid calendar, not UTC: 23:30 UTC in summer is already the next day in Madrid', () => {
    expect(madridDayKey(new Date('2026-07-10T23:30:00Z'))).toBe('2026-07-11');
    expect(madridDayKey(new Date('2026-01-10T22:59:00Z'))).toBe('2026-01-10');
  });

  it('labels today, yesterday and older dates, keeping newest-first order', () => {
    const now = new Date('2026-11-20T10:00:00Z'); // 11:00 in Madrid
    const groups = groupByDay(
      [
        n('a', '2026-11-20T09:00:00Z'),
        n('b', '2026-11-19T23:30:00Z'), // 00:30 on the 20th in Madrid: today
        n('c', '2026-11-19T08:00:00Z'),
        n('d', '2026-11-17T20:00:00Z'),
        n('e', '2026-11-17T19:00:00Z'),
      ],
      now,
    );
    expect(groups.map((g) => [g.key, g.day, g.items.map((i) => i.id)])).toEqual([
      ['2026-11-20', 'today', ['a', 'b']],
      ['2026-11-19', 'yesterday', ['c']],
      ['2026-11-17', 'date', ['d', 'e']],
    ]);
  });

  it('finds yesterday across a month boundary', () => {
    const groups = groupByDay([n('x', '2026-02-28T12:00:00Z')], new Date('2026-03-01T12:00:00Z'));
    expect(groups[0]?.day).toBe('yesterday');
  });

  it('gives no groups for no notifications', () => {
    expect(groupByDay([])).toEqual([]);
  });
});
