// The catalogue's fixed lists, free of schemas: the browser's first load reads them without the validation library.
export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const BARRIOS = [
  'Malasaña',
  'Chueca',
  'Centro',
  'Salamanca',
  'Chamberí',
  'Tetuán',
  'Arganzuela',
  'Lavapiés',
  'Retiro',
  'Moncloa',
] as const;

export const GENRES = [
  'techno',
  'house',
  'reggaeton',
  'indie',
  'pop',
  'hip-hop',
  'electronica',
  'latin',
  'rock',
  'funk',
  'r&b',
  'commercial',
] as const;

export const EVENT_WHEN = ['hoy', 'manana', 'finde'] as const;
export type EventWhen = (typeof EVENT_WHEN)[number];
