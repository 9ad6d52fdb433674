// The event form's values and their conversion to and from the API's shapes.
import type { EventInput, ManagedEvent } from '@nocturna/shared';

export type EventFormValues = {
  clubId: string;
  name: string;
  date: string;
  startTime: string;
  endTime: string;
  description: string;
  genres: string[];
  lineup: { djName: string; djUserId: string; startTime: string; endTime: string }[];
  minimumAge: number;
  dressCode: string;
  gallery: 'attendees' | 'public';
  wallModeration: 'pre' | 'post';
  allowOverCapacity: boolean;
};

export const EVENT_FIELDS = [
  'clubId',
  'name',
  'date',
  'startTime',
  'endTime',
  'description',
  'genres',
  'lineup',
  'minimumAge',
  'dressCode',
  'gallery',
  'wallModeration',
  'allowOverCapacity',
] as const;

export function blankEvent(clubId: string, date: string): EventFormValues {
  return {
    clubId,
    name: '',
    date,
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
  };
}

export function fromEvent(e: ManagedEvent): EventFormValues {
  return {
    clubId: e.clubId,
    name: e.name,
    date: e.date,
    startTime: e.startTime,
    endTime: e.endTime,
    description: e.description,
    genres: e.genres,
    lineup: e.lineup.map((l) => ({
      djName: l.djName,
      djUserId: l.djUserId ?? '',
      startTime: l.startTime ?? '',
      endTime: l.endTime ?? '',
    })),
    minimumAge: e.minimumAge,
    dressCode: e.dressCode,
    gallery: e.gallery,
    wallModeration: e.wallModeration,
    allowOverCapacity: e.allowOverCapacity,
  };
}

export function toInput(v: EventFormValues): EventInput {
  return {
    clubId: v.clubId,
    name: v.name.trim(),
    date: v.date,
    startTime: v.startTime,
    endTime: v.endTime,
    description: v.description,
    genres: v.genres as EventInput['genres'],
    lineup: v.lineup.map((l) => ({
      djName: l.djName.trim(),
      djUserId: l.djUserId || null,
      startTime: l.startTime || null,
      endTime: l.endTime || null,
    })),
    minimumAge: Number(v.minimumAge),
    dressCode: v.dressCode,
    gallery: v.gallery,
    wallModeration: v.wallModeration,
    allowOverCapacity: v.allowOverCapacity,
  };
}
