// @vitest-environment node
// An event is named by the Madrid night it belongs to (06:00 to 06:00): the edges of that rule, and the nights the
// clocks change.
import { describe, expect, it } from 'vitest';
import { nightLabel } from '@nocturna/shared/madrid-time';
import i18n from '../i18n/index.ts';
import { formatNight, formatNightName, formatPercent } from './catalogue-format.ts';

const es = i18n.getFixedT('es', 'catalogue');
const en = i18n.getFixedT('en', 'catalogue');

describe('formatNight', () => {
  it('a start at 00:00 on Sunday is Saturday night: "noche del sábado 28 nov · 00:00–06:00"', () => {
    expect(formatNight(es, '2026-11-28T23:00:00Z', '2026-11-29T05:00:00Z')).toBe(
      'noche del sábado 28 nov · 00:00–06:00',
    );
    expect(formatNight(en, '2026-11-28T23:00:00Z', '2026-11-29T05:00:00Z', 'en-GB')).toBe(
      'Saturday night 28 Nov · 00:00–06:00',
    );
  });

  it('23:59 on Saturday is Saturday night too', () => {
    expect(formatNight(es, '2026-11-28T22:59:00Z', '2026-11-29T05:00:00Z')).toBe(
      'noche del sábado 28 nov · 23:59–06:00',
    );
  });

  it('05:59 on Sunday is still Saturday night; 06:00 on Sunday is Sunday', () => {
    expect(formatNight(es, '2026-11-29T04:59:00Z')).toBe('noche del sábado 28 nov · 05:59');
    expect(formatNight(es, '2026-11-29T05:00:00Z')).toBe('noche del domingo 29 nov · 06:00');
    expect(formatNightName(en, '2026-11-29T05:00:00Z', 'en-GB')).toBe('Sunday night 29 Nov');
  });

  it('crosses a month and a year the same way', () => {
    expect(formatNight(es, '2026-12-31T23:30:00Z', '2027-01-01T05:00:00Z')).toBe(
      'noche del jueves 31 dic · 00:30–06:00',
    );
  });

  it('on the night summer time starts (02:00 becomes 03:00, 29 March 2026) 00:30 and 05:59 are Saturday night', () => {
    // 00:30 CET is 23:30 UTC; 05:59 CEST is 03:59 UTC; 06:00 CEST is 04:00 UTC.
    expect(formatNight(es, '2026-03-28T23:30:00Z', '2026-03-29T04:00:00Z')).toBe(
      'noche del sábado 28 mar · 00:30–06:00',
    );
    expect(formatNightName(es, '2026-03-29T03:59:00Z')).toBe('noche del sábado 28 mar');
    expect(formatNightName(es, '2026-03-29T04:00:00Z')).toBe('noche del domingo 29 mar');
  });

  it('on the night summer time ends (03:00 becomes 02:00, 25 October 2026) 05:59 is Saturday night, 06:00 Sunday', () => {
    // 00:00 CEST is 22:00 UTC; 05:59 CET is 04:59 UTC; 06:00 CET is 05:00 UTC.
    expect(formatNight(es, '2026-10-24T22:00:00Z', '2026-10-25T05:00:00Z')).toBe(
      'noche del sábado 24 oct · 00:00–06:00',
    );
    expect(formatNightName(es, '2026-10-25T04:59:00Z')).toBe('noche del sábado 24 oct');
    expect(formatNightName(es, '2026-10-25T05:00:00Z')).toBe('noche del domingo 25 oct');
  });
});

describe('nightLabel (the words the server writes: assistant answers, posters)', () => {
  it('names the same night as the web app at the edges, in both languages', () => {
    for (const iso of [
      '2026-11-28T22:59:00Z',
      '2026-11-28T23:00:00Z',
      '2026-11-29T04:59:00Z',
      '2026-11-29T05:00:00Z',
      '2026-03-29T03:59:00Z',
      '2026-10-25T04:59:00Z',
    ]) {
      expect(nightLabel(new Date(iso), 'es')).toBe(formatNight(es, iso));
      expect(nightLabel(new Date(iso), 'en')).toBe(formatNight(en, iso, null, 'en-GB'));
    }
    expect(nightLabel(new Date('2026-11-28T23:00:00Z'))).toBe('noche del sábado 28 nov · 00:00');
  });
});

describe('formatPercent', () => {
  it('shows a small share with a decimal: 7 of 2,250 is "0,3 %", never "0 %"', () => {
    expect(formatPercent(7 / 2250).replace(/\u00a0/g, ' ')).toBe('0,3 %');
    expect(formatPercent(7 / 2250, 'en-GB')).toBe('0.3%');
    expect(formatPercent(1 / 5000).replace(/\u00a0/g, ' ')).toBe('< 0,1 %');
    expect(formatPercent(0).replace(/\u00a0/g, ' ')).toBe('0 %');
    expect(formatPercent(0.456).replace(/\u00a0/g, ' ')).toBe('46 %');
  });
});
