// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dayLabel, listTime } from './message-time.ts';

// 20 Nov 2026, 01:30 in Madrid (00:30 UTC): by the calendar, 23:50 the evening before is already "yesterday".
const now = new Date('2026-11-20T00:30:00Z');

describe('message times in Madrid', () => {
  it('shows the time today, "Ayer" yesterday, the weekday within a week and the date beyond', () => {
    expect(listTime('2026-11-20T00:10:00Z', 'es-ES', 'Ayer', now)).toBe('01:10');
    expect(listTime('2026-11-19T22:50:00Z', 'es-ES', 'Ayer', now)).toBe('Ayer');
    expect(listTime('2026-11-19T22:50:00Z', 'es-ES', 'Ayer', new Date('2026-11-19T22:55:00Z'))).toBe('23:50');
    expect(listTime('2026-11-16T20:00:00Z', 'es-ES', 'Ayer', now)).toBe('lun');
    expect(listTime('2026-11-01T20:00:00Z', 'es-ES', 'Ayer', now)).toBe('1 nov');
  });

  it('labels the thread’s days', () => {
    expect(dayLabel('2026-11-20T00:10:00Z', 'es-ES', now)).toEqual({ kind: 'today' });
    expect(dayLabel('2026-11-19T22:50:00Z', 'es-ES', now)).toEqual({ kind: 'yesterday' });
    expect(dayLabel('2026-11-10T20:00:00Z', 'es-ES', now)).toEqual({ kind: 'date', text: 'mar, 10 nov' });
  });
});
