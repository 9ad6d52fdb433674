// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { understandQuery } from '@nocturna/shared/search';
import { RECENT_SEARCHES_KEPT, parseRecent, withSearch } from './recent-searches.ts';
import type { SearchResults } from '@nocturna/shared';
import { moveActive, searchOptions } from './search-options.ts';
import { allClubsLink, allEventsLink, allPeopleLink } from './see-all-links.ts';

describe('the search box', () => {
  it('walks the results with the arrow keys and wraps around', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(-1, 0, 'ArrowDown')).toBe(-1);
  });

  it('puts first the group whose first name starts with what was typed', () => {
    const group = <T>(items: T[]) => ({ items, more: false });
    const results = {
      q: 'kapita',
      understood: understandQuery('kapita'),
      events: group([{ id: 'e1', slug: 'hits', name: 'Hits · Kápital', coverURL: '/c.webp' }]),
      clubs: group([{ id: 'c1', slug: 'kapital', name: 'Kápital', logoURL: '/l.svg' }]),
      djs: group([{ name: 'Kapitan DJ', userId: null, sets: 2, next: { coverURL: '/n.webp' } }]),
      people: group([{ id: 'u1', name: 'Kapitán Pérez', avatarUrl: null }]),
    } as unknown as SearchResults;
    expect(searchOptions(results).map((o) => o.key)).toEqual(['c:c1', 'd:Kapitan DJ', 'p:u1', 'e:e1']);
    expect(searchOptions({ ...results, q: 'hits' }).map((o) => o.key)).toEqual([
      'e:e1',
      'c:c1',
      'd:Kapitan DJ',
      'p:u1',
    ]);
    // Named equally well, groups keep their order; a typo after the first letters still beats no name.
    expect(searchOptions({ ...results, q: 'kapitan' }).map((o) => o.key)).toEqual([
      'd:Kapitan DJ',
      'p:u1',
      'e:e1',
      'c:c1',
    ]);
    expect(searchOptions({ ...results, q: 'kapitam' }).map((o) => o.key)[0]).toBe('e:e1');
    expect(searchOptions({ ...results, q: 'zzz' }).map((o) => o.key)[0]).toBe('e:e1');
    // A DJ without an account opens the list of their nights.
    expect(searchOptions(results).find((o) => o.group === 'djs')?.href).toBe('/eventos?q=Kapitan+DJ');
  });

  it('keeps recent searches newest first, without repeats, at most six', () => {
    let list: string[] = [];
    for (const q of ['kapital', 'techno', 'KAPITAL', ' ', 'a', 'b', 'c', 'd', 'e'])
      list = withSearch(list, q);
    expect(list).toEqual(['e', 'd', 'c', 'b', 'a', 'KAPITAL']);
    expect(list).toHaveLength(RECENT_SEARCHES_KEPT);
    expect(parseRecent('not json')).toEqual([]);
    expect(parseRecent('[1,"x"]')).toEqual(['x']);
  });

  it("sends each group's 'see all' to its list with what the query understood", () => {
    const now = new Date('2026-11-25T12:00:00Z'); // a Wednesday in Madrid
    const u = understandQuery('techno el sábado en Lavapiés kapital');
    expect(allEventsLink(u, now)).toBe(
      '/eventos?q=kapital&from=2026-11-28&to=2026-11-28&genre=techno&barrio=Lavapi%C3%A9s',
    );
    expect(allClubsLink(u)).toBe('/discotecas?q=kapital&genre=techno&barrio=Lavapi%C3%A9s');
    expect(allEventsLink(understandQuery('este finde'), now)).toBe('/eventos?when=finde');
    expect(allPeopleLink('lucía')).toBe('/search?grupo=personas&q=luc%C3%ADa');
  });
});
