// Shared by the management-* and analytics tests: a valid club and event input, and dates in Madrid.
import { madridWallClock } from '@nocturna/shared';
import { nowMs } from '../src/clock.ts';

let n = 0;
export const uniq = () => `${process.pid}-${Date.now().toString(36)}-${n++}`;

export function clubInput(overrides: Record<string, unknown> = {}) {
  const id = uniq();
  return {
    name: `Sala Gestión ${id}`,
    slug: `sala-gestion-${id}`,
    barrio: 'Lavapiés',
    address: 'Calle de Embajadores 41, Madrid',
    latitude: 40.4089,
    longitude: -3.7012,
    description: 'Sótano con sistema de sonido nuevo.',
    genres: ['techno', 'house'],
    openingDays: ['FRI', 'SAT'],
    openingHours: '00:00–06:00',
    minimumAge: 18,
    dressCode: 'Libre',
    priceRange: '12–18 €',
    capacity: 400,
    instagram: '@salagestion',
    website: 'https://sala.example.com',
    ...overrides,
  };
}

// A Madrid date `days` from now.
export const madridDate = (days: number) => madridWallClock(new Date(nowMs() + days * 24 * 3600_000)).date;

export function eventInput(clubId: string, overrides: Record<string, unknown> = {}) {
  return {
    clubId,
    name: `Noche Gestión ${uniq()}`,
    date: madridDate(10),
    startTime: '23:30',
    endTime: '06:00',
    description: 'Techno hasta el amanecer.',
    genres: ['techno'],
    lineup: [{ djName: 'DJ Prueba', startTime: '00:00', endTime: '02:00' }],
    minimumAge: 18,
    dressCode: 'Libre',
    gallery: 'public',
    wallModeration: 'pre',
    ...overrides,
  };
}
