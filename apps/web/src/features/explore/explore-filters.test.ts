// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { exploreQueryOf, parseExploreFilters, withExploreFilter } from './explore-filters.ts';
import { formatDistance } from './distance-format.ts';

const parse = (qs: string) => parseExploreFilters(new URLSearchParams(qs));

describe('explore filters in the URL', () => {
  it('reads the next seven nights when nothing is chosen, and drops what the server would refuse', () => {
    expect(parse('')).toEqual({ when: 'week', openNow: false });
    expect(parse('when=manana&genre=polka&barrio=Narnia&maxPrice=-3&age=abc')).toEqual({
      when: 'week',
      openNow: false,
    });
    // A date without its day is the week again.
    expect(parse('when=date').when).toBe('week');
  });

  it('reads every filter it knows', () => {
    expect(
      parse('when=date&date=2026-12-05&genre=techno&barrio=Malasa%C3%B1a&maxPrice=1500&age=18&openNow=true'),
    ).toEqual({
      when: 'date',
      date: '2026-12-05',
      genre: 'techno',
      barrio: 'Malasaña',
      maxPrice: 1500,
      age: 18,
      openNow: true,
    });
  });

  it('choosing a date switches to that night, and another night forgets the date', () => {
    const withDate = withExploreFilter(new URLSearchParams('genre=house'), 'date', '2026-12-05');
    expect(withDate.toString()).toBe('genre=house&date=2026-12-05&when=date');
    const tonight = withExploreFilter(withDate, 'when', 'tonight');
    expect(tonight.get('date')).toBeNull();
    expect(tonight.get('when')).toBe('tonight');
    expect(withExploreFilter(tonight, 'when', 'week').has('when')).toBe(false);
    expect(withExploreFilter(tonight, 'openNow', false).has('openNow')).toBe(false);
  });

  it('asks the API with the position rounded to about ten metres, and no date unless it is a date', () => {
    const q = exploreQueryOf(parse('when=tonight&date=2026-12-05&openNow=true'), {
      lat: 40.416912345,
      lng: -3.703512345,
    });
    expect(q).toMatchObject({
      when: 'tonight',
      date: undefined,
      openNow: 'true',
      lat: 40.4169,
      lng: -3.7035,
    });
  });

  it('writes distances in metres then kilometres', () => {
    expect(formatDistance(343)).toBe('340 m');
    expect(formatDistance(1260)).toBe('1,3 km');
    expect(formatDistance(1260, 'en-GB')).toBe('1.3 km');
  });
});
