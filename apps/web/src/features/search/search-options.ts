// The search box's answer as one ordered list of options, so the arrow keys walk every group and Enter opens the
// first. Groups come events, clubs, people, except that a group whose first name starts with what was typed
// ("kapita" → Kápital) comes first: the thing named is what the person is after.
import type { SearchResults } from '@nocturna/shared';
import { foldForSearch } from '@nocturna/shared/text';
import { paths } from '../../lib/paths.ts';

export type SearchGroup = 'events' | 'clubs' | 'people';
export const SEARCH_GROUPS: SearchGroup[] = ['events', 'clubs', 'people'];

export type SearchOption = {
  key: string;
  group: SearchGroup;
  href: string;
  title: string;
  image: string | null;
  // What the row shows under the title: for events the date, the club and the price are formatted by the row.
  item:
    | SearchResults['events']['items'][number]
    | SearchResults['clubs']['items'][number]
    | SearchResults['people']['items'][number];
};

export function orderedGroups(options: SearchOption[], q: string): SearchGroup[] {
  const typed = foldForSearch(q);
  const named = (group: SearchGroup) => {
    const first = options.find((o) => o.group === group);
    return first !== undefined && typed !== '' && foldForSearch(first.title).startsWith(typed);
  };
  return [...SEARCH_GROUPS.filter(named), ...SEARCH_GROUPS.filter((g) => !named(g))];
}

export function searchOptions(results: SearchResults): SearchOption[] {
  const options: SearchOption[] = [
    ...results.events.items.map((e) => ({
      key: `e:${e.id}`,
      group: 'events' as const,
      href: paths.event(e.slug),
      title: e.name,
      image: e.coverURL,
      item: e,
    })),
    ...results.clubs.items.map((c) => ({
      key: `c:${c.id}`,
      group: 'clubs' as const,
      href: paths.club(c.slug),
      title: c.name,
      image: c.logoURL,
      item: c,
    })),
    ...results.people.items.map((p) => ({
      key: `p:${p.id}`,
      group: 'people' as const,
      href: paths.user(p.id),
      title: p.name,
      image: p.avatarUrl,
      item: p,
    })),
  ];
  const order = orderedGroups(options, results.q);
  return order.flatMap((group) => options.filter((o) => o.group === group));
}

// The highlighted option after an arrow key: wraps around, starts at the first (down) or the last (up).
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active + 1 >= count ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}
