// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDay,
  formatNightDay,
  formatLongDay,
  formatPrice,
  formatTime,
  formatTimeRange,
  instagramUrl,
  localeOf,
  mapsUrl,
  type Locale,
} from './catalogue-format.ts';
import { madridOffsetMinutes } from './madrid-clock.ts';

// Intl separates the amount and the euro sign with a no-break space.
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('formatPrice', () => {
  it('shows whole euros without decimals: 1500 cents is "15 €"', () => {
    expect(plain(formatPrice(1500))).toBe('15 €');
  });
  it('keeps the cents when there are some, with a decimal comma in Spanish', () => {
    expect(plain(formatPrice(1250))).toBe('12,50 €');
  });
  it('writes English prices the British way', () => {
    expect(formatPrice(1500, 'en-GB')).toBe('€15');
    expect(formatPrice(999, 'en-GB')).toBe('€9.99');
  });
  it('shows zero as "0 €"', () => {
    expect(plain(formatPrice(0))).toBe('0 €');
  });
  it('writes every amount exactly as Intl does in both languages, thousands, refunds and cents included', () => {
    const intl = (cents: number, locale: 'es-ES' | 'en-GB') =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
        maximumFractionDigits: cents % 100 === 0 ? 0 : 2,
      }).format(cents / 100);
    const amounts = [0, 1, 5, 10, 99, 100, 101, 999, 1000, 1250, 99_999, 100_000, 123_456, 999_900];
    amounts.push(1_000_000, 1_234_567, 12_345_678, 123_456_789, 1_234_567_890, -1500, -1250, -123_456_78);
    for (let cents = 0; cents < 2_000_000; cents += 7_919) amounts.push(cents);
    for (const locale of ['es-ES', 'en-GB'] as const)
      for (const cents of amounts)
        expect(formatPrice(cents, locale), `${cents} ${locale}`).toBe(intl(cents, locale));
  });
  it('groups Spanish thousands only from five digits, English from four', () => {
    expect(plain(formatPrice(150_000))).toBe('1500 €');
    expect(plain(formatPrice(1_500_000))).toBe('15.000 €');
    expect(formatPrice(150_000, 'en-GB')).toBe('€1,500');
  });
});

describe('formatAmount', () => {
  it('writes an amount to edit with the language’s decimal separator, two decimals, no grouping', () => {
    expect(formatAmount(1250, 'es-ES')).toBe('12,50');
    expect(formatAmount(1250, 'en-GB')).toBe('12.50');
    expect(formatAmount(1500)).toBe('15,00');
    expect(formatAmount(5, 'es-ES')).toBe('0,05');
    expect(formatAmount(1234567, 'es-ES')).toBe('12345,67');
  });
});

describe('Madrid times', () => {
  it('shows a winter UTC time one hour later, in Madrid', () => {
    expect(formatTime('2026-11-20T22:00:00.000Z')).toBe('23:00');
  });
  it('shows a summer UTC time two hours later, in Madrid', () => {
    expect(formatTime('2026-07-03T21:30:00.000Z')).toBe('23:30');
  });
  it('puts a set that starts after midnight UTC on the Madrid calendar day', () => {
    // 23:30 UTC on 31 December is 00:30 on 1 January in Madrid.
    expect(formatDay('2026-12-31T23:30:00.000Z')).toMatch(/1 ene/);
    expect(formatLongDay('2026-12-31T23:30:00.000Z')).toBe('viernes, 1 de enero');
  });
  it('formats the day in English when the app is in English', () => {
    expect(formatLongDay('2026-11-20T22:00:00.000Z', 'en-GB')).toBe('Friday 20 November');
  });
  it('writes a range of Madrid times across midnight', () => {
    expect(formatTimeRange('2026-11-20T22:00:00.000Z', '2026-11-21T04:30:00.000Z')).toBe('23:00–05:30');
  });
});

describe('formatNightDay', () => {
  it('names the Madrid night a set belongs to: 00:30 on Saturday is Friday night, 06:00 starts Saturday', () => {
    expect(formatNightDay('2025-11-28T23:30:00.000Z')).toBe('vie, 28 nov');
    expect(formatNightDay('2025-11-28T23:30:00.000Z', 'en-GB')).toBe('Fri 28 Nov');
    expect(formatNightDay('2025-11-29T04:59:00.000Z')).toBe('vie, 28 nov');
    expect(formatNightDay('2025-11-29T05:00:00.000Z')).toBe('sáb, 29 nov');
  });
});

describe('locale and links', () => {
  it('maps the app language to an Intl locale, Spanish by default', () => {
    expect(localeOf('en')).toBe('en-GB');
    expect(localeOf('es')).toBe('es-ES');
    expect(localeOf(undefined)).toBe('es-ES');
  });
  it('builds a plain Google Maps search link for an address', () => {
    expect(mapsUrl('Calle del Ave María 10, 28012 Madrid')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Calle%20del%20Ave%20Mar%C3%ADa%2010%2C%2028012%20Madrid',
    );
  });
  it('links an Instagram handle with or without its @', () => {
    expect(instagramUrl('@cripta.lvp')).toBe('https://www.instagram.com/cripta.lvp/');
    expect(instagramUrl('cripta.lvp')).toBe('https://www.instagram.com/cripta.lvp/');
  });
});

describe('dates without Intl', () => {
  const formats = new Map<string, Intl.DateTimeFormat>();
  const intl = (iso: string, locale: Locale, options: Intl.DateTimeFormatOptions) => {
    const key = locale + JSON.stringify(options);
    if (!formats.has(key))
      formats.set(key, new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Madrid', ...options }));
    return formats.get(key)!.format(new Date(iso));
  };

  it("writes every day of two years, at every hour, exactly as Intl's Europe/Madrid clock does", () => {
    // Every hour from 2025 to 2026 (both summer time changes of each year included) and a minute past each one.
    const start = Date.UTC(2025, 0, 1);
    let checked = 0;
    for (let t = start; t < Date.UTC(2027, 0, 1); t += 3_600_000 + 60_000) {
      const iso = new Date(t).toISOString();
      for (const locale of ['es-ES', 'en-GB'] as const) {
        expect(formatDay(iso, locale), iso).toBe(
          intl(iso, locale, { weekday: 'short', day: 'numeric', month: 'short' }),
        );
        expect(formatLongDay(iso, locale), iso).toBe(
          intl(iso, locale, { weekday: 'long', day: 'numeric', month: 'long' }),
        );
        expect(formatTime(iso, locale), iso).toBe(
          intl(iso, locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
        );
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(17_000);
  });

  it('changes to summer time at 01:00 UTC on the last Sunday of March and back on the last Sunday of October', () => {
    expect(madridOffsetMinutes(new Date('2026-03-29T00:59:59Z'))).toBe(60);
    expect(madridOffsetMinutes(new Date('2026-03-29T01:00:00Z'))).toBe(120);
    expect(madridOffsetMinutes(new Date('2026-10-25T00:59:59Z'))).toBe(120);
    expect(madridOffsetMinutes(new Date('2026-10-25T01:00:00Z'))).toBe(60);
    // Years ahead keep the rule: 2030's last Sundays are 31 March and 27 October.
    expect(formatTime('2030-03-31T01:00:00Z')).toBe(
      intl('2030-03-31T01:00:00Z', 'es-ES', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    );
    expect(formatTime('2030-03-31T01:00:00Z')).toBe('03:00');
    expect(formatTime('2030-10-27T00:30:00Z')).toBe('02:30');
    expect(formatTime('2030-10-27T01:30:00Z')).toBe('02:30');
  });
});
