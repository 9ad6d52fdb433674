// Times in Madrid, in the reader's language.
import { TIME_ZONE } from '@nocturna/shared/constants';

export const formatMadrid = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

export const formatMadridDay = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso));
