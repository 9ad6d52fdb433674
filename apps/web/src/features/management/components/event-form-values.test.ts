// @vitest-environment node
// The event form's values and the API's shapes: what the form posts, and what it shows for an event it edits.
import { describe, expect, it } from 'vitest';
import type { ManagedEvent } from '@nocturna/shared';
import { blankEvent, fromEvent, toInput } from './event-form-values.ts';

const saved: ManagedEvent = {
  id: 'e1',
  slug: 'noche-larga',
  clubId: 'c1',
  clubName: 'Kápital',
  clubCapacity: 1500,
  name: 'Noche Larga',
  coverURL: '',
  date: '2026-12-05',
  startTime: '23:30',
  endTime: '06:00',
  startAt: '2026-12-05T22:30:00.000Z',
  endAt: '2026-12-06T05:00:00.000Z',
  description: 'Techno hasta el cierre',
  genres: ['techno'],
  lineup: [
    { djName: 'DJ Sol', djUserId: 'u-sol', startTime: '00:00', endTime: '02:00' },
    { djName: 'Invitada', djUserId: null, startTime: null, endTime: null },
  ],
  minimumAge: 21,
  dressCode: 'Elegante',
  gallery: 'public',
  wallModeration: 'pre',
  allowOverCapacity: true,
  status: 'draft',
  ticketTypes: [],
  sold: 0,
  reentryPolicy: 'until',
  reentryUntil: null,
};

describe('the event form values', () => {
  it('starts a new event as a night from 23:30 to 06:00 for 18+, with an empty line-up', () => {
    expect(blankEvent('c1', '2026-12-05')).toEqual({
      clubId: 'c1',
      name: '',
      date: '2026-12-05',
      startTime: '23:30',
      endTime: '06:00',
      description: '',
      genres: [],
      lineup: [],
      minimumAge: 18,
      dressCode: 'Libre',
      gallery: 'attendees',
      wallModeration: 'post',
      allowOverCapacity: false,
    });
  });

  it('shows a DJ without an account or set times as empty fields', () => {
    expect(fromEvent(saved).lineup).toEqual([
      { djName: 'DJ Sol', djUserId: 'u-sol', startTime: '00:00', endTime: '02:00' },
      { djName: 'Invitada', djUserId: '', startTime: '', endTime: '' },
    ]);
  });

  it('posts trimmed names, empty line-up fields as null and the age as a number', () => {
    const values = {
      ...fromEvent(saved),
      name: '  Noche Larga  ',
      minimumAge: '19' as unknown as number,
      lineup: [{ djName: ' DJ Luna ', djUserId: '', startTime: '', endTime: '04:00' }],
    };
    const input = toInput(values);
    expect(input.name).toBe('Noche Larga');
    expect(input.minimumAge).toBe(19);
    expect(input.lineup).toEqual([{ djName: 'DJ Luna', djUserId: null, startTime: null, endTime: '04:00' }]);
  });

  it('posts an edited event unchanged when nothing was touched', () => {
    expect(toInput(fromEvent(saved))).toEqual({
      clubId: 'c1',
      name: 'Noche Larga',
      date: '2026-12-05',
      startTime: '23:30',
      endTime: '06:00',
      description: 'Techno hasta el cierre',
      genres: ['techno'],
      lineup: saved.lineup,
      minimumAge: 21,
      dressCode: 'Elegante',
      gallery: 'public',
      wallModeration: 'pre',
      allowOverCapacity: true,
    });
  });
});
