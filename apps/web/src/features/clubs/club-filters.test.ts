// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  clubFiltersToQuery,
  countClubFilters,
  parseClubFilters,
  withClubFilter,
  withoutClubFilters,
} from './club-filters.ts';

const params = (qs: string) => new URLSearchParams(qs);

describe('club filters in the URL', () => {
  it('reads search, barrio, genre and day', () => {
    expect(parseClubFilters(params('q=k%C3%A1pital&barrio=Chueca&genre=techno&day=fri'))).toEqual({
      q: 'kápital',
      barrio: 'Chueca',
      genre: 'techno',
      day: 'FRI',
    });
  });
  it('ignores unknown barrios, genres and days', () => {
    expect(parseClubFilters(params('barrio=Narnia&genre=polka&day=FUNDAY'))).toEqual({});
  });
  it('sends the same names to the API', () => {
    expect(clubFiltersToQuery({ barrio: 'Centro', day: 'SAT' })).toEqual({ barrio: 'Centro', day: 'SAT' });
  });
  it('sets, replaces and clears filters, keeping unrelated params', () => {
    const next = withClubFilter(params('lang=en&day=FRI'), 'day', 'SAT');
    expect(next.toString()).toBe('lang=en&day=SAT');
    expect(withClubFilter(next, 'day', undefined).toString()).toBe('lang=en');
    expect(withoutClubFilters(params('lang=en&q=a&barrio=Centro&genre=pop&day=SUN')).toString()).toBe(
      'lang=en',
    );
    expect(countClubFilters({ q: 'a', day: 'SUN' })).toBe(2);
  });
});
