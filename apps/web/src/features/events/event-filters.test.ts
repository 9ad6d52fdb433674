// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  countEventFilters,
  eventFiltersToQuery,
  madridNightOf,
  parseEventFilters,
  withEventFilter,
  withEventFilters,
  withoutEventFilters,
} from './event-filters.ts';

const params = (qs: string) => new URLSearchParams(qs);

describe('parseEventFilters', () => {
  it('reads every filter the URL carries', () => {
    expect(
      parseEventFilters(
        params('q=techno&when=finde&genre=house&maxPrice=20&barrio=Malasa%C3%B1a&club=cripta-lavapies'),
      ),
    ).toEqual({
      q: 'techno',
      when: 'finde',
      genre: 'house',
      maxPrice: 20,
      barrio: 'Malasaña',
      club: 'cripta-lavapies',
    });
  });
  it('ignores values the API would refuse', () => {
    expect(
      parseEventFilters(
        params('when=ayer&genre=polka&barrio=Narnia&maxPrice=-3&from=mañana&to=2026-13-45&q=%20%20'),
      ),
    ).toEqual({});
  });
  it('keeps well-formed dates', () => {
    expect(parseEventFilters(params('from=2026-11-20&to=2026-11-22'))).toEqual({
      from: '2026-11-20',
      to: '2026-11-22',
    });
  });
});

describe('eventFiltersToQuery', () => {
  it('sends the maximum price to the API in cents', () => {
    expect(eventFiltersToQuery({ maxPrice: 15 }).maxPrice).toBe(1500);
    expect(eventFiltersToQuery({ maxPrice: 0 }).maxPrice).toBe(0);
  });
  it('sends the club as clubId and passes the rest through', () => {
    expect(
      eventFiltersToQuery({
        club: 'cripta-lavapies',
        q: 'bap',
        when: 'hoy',
        genre: 'funk',
        barrio: 'Lavapiés',
      }),
    ).toEqual({
      clubId: 'cripta-lavapies',
      q: 'bap',
      when: 'hoy',
      genre: 'funk',
      barrio: 'Lavapiés',
    });
  });
  it('turns Madrid days into the nights they start, "to" included', () => {
    const query = eventFiltersToQuery({ from: '2026-11-20', to: '2026-11-21' });
    // Winter: 06:00 in Madrid is 05:00 UTC; the night of the 21st ends at 06:00 on the 22nd.
    expect(query.from).toBe('2026-11-20T05:00:00.000Z');
    expect(query.to).toBe('2026-11-22T05:00:00.000Z');
  });
  it('uses summer time in summer', () => {
    expect(madridNightOf('2026-07-03').toISOString()).toBe('2026-07-03T04:00:00.000Z');
  });
  it('drops a "to" date before "from" rather than send a range the API rejects', () => {
    expect(eventFiltersToQuery({ from: '2026-11-22', to: '2026-11-20' }).to).toBeUndefined();
  });
});

describe('changing filters in the URL', () => {
  it('sets and removes a filter without touching the others', () => {
    const set = withEventFilter(params('q=bap&genre=funk'), 'barrio', 'Centro');
    expect(set.toString()).toBe('q=bap&genre=funk&barrio=Centro');
    expect(withEventFilter(set, 'genre', undefined).toString()).toBe('q=bap&barrio=Centro');
    expect(withEventFilter(set, 'q', '').toString()).toBe('genre=funk&barrio=Centro');
  });
  it('a quick range replaces explicit dates, and a date replaces the quick range', () => {
    expect(withEventFilter(params('from=2026-11-20&to=2026-11-22'), 'when', 'finde').toString()).toBe(
      'when=finde',
    );
    expect(withEventFilter(params('when=hoy'), 'from', '2026-11-25').toString()).toBe('from=2026-11-25');
  });
  it('applies several changes at once', () => {
    expect(
      withEventFilters(params('when=hoy&genre=funk'), {
        when: undefined,
        from: undefined,
        to: undefined,
      }).toString(),
    ).toBe('genre=funk');
  });
  it('clears every filter but keeps other params such as the language', () => {
    expect(withoutEventFilters(params('lang=en&q=x&when=hoy&club=a&maxPrice=10')).toString()).toBe('lang=en');
  });
  it('counts the filters in use', () => {
    expect(countEventFilters({ q: 'x', maxPrice: 0 })).toBe(2);
  });
});
