// Times at the door, as a person in Madrid reads them whatever the phone's own time zone is.
import { TIME_ZONE } from '@nocturna/shared/constants';
import type { Locale } from '../../lib/catalogue-format.ts';

export const formatTime = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

export const formatDay = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: TIME_ZONE,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(iso));

const DOOR_NAME_KEY = 'nocturna.door.name';
export const DEFAULT_DOOR_NAME = 'Puerta principal';
export const storedDoorName = () =>
  (typeof localStorage === 'undefined' ? null : localStorage.getItem(DOOR_NAME_KEY)) || DEFAULT_DOOR_NAME;
export const storeDoorName = (name: string) => localStorage.setItem(DOOR_NAME_KEY, name);
