// The search box's answer as one ordered list of options, so the arrow keys walk every group and Enter opens the
// first. Groups come events, clubs, DJs, people, except that the group whose first name best answers what was
// typed ("kapita" → Kápital, "nebulla" → DJ Nebula) comes first: the thing named is what the person is after.
import type { SearchResults } from '@nocturna/shared';
import { foldForSearch } from '@nocturna/shared/text';
import { paths } from '../../lib/paths.ts';

export type SearchGroup = 'events' | 'clubs' | 'djs' | 'people';
export const SEARCH_GROUPS: SearchGroup[] = ['events', 'clubs', 'djs', 'people'];

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
    | SearchResults['djs']['items'][number]
    | SearchResults['people']['items'][number];
};

// How well a title answers what was typed: 2 when it starts with it, 1 when one of its words shares at least
// four first letters with it (a typo further on: "nebulla" → Nebula), 0 otherwise.
function nameScore(title: string, typed: string): number {
  const name = foldForSearch(title);
  if (typed === '') return 0;
  if (name.startsWith(typed)) return 2;
  const head = typed.slice(0, Math.min(typed.length, 4));
  return head.length >= 3 && name.split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(head)) ? 1 : 0;
}

export function orderedGroups(options: SearchOption[], q: string): SearchGroup[] {
  const typed = foldForSearch(q);
  const score = (group: SearchGroup) => {
    const first = options.find((o) => o.group === group);
    return first ? nameScore(first.title, typed) : -1;
  };
  return [...SEARCH_GROUPS].sort((a, b) => score(b) - score(a));
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
    // A DJ opens their profile where the line-up links an account, otherwise the list of their nights.
    ...results.djs.items.map((d) => ({
      key: `d:${d.name}`,
      group: 'djs' as const,
      href: d.userId
        ? paths.user(d.userId)
        : `${paths.events}?${new URLSearchParams({ q: d.name }).toString()}`,
      title: d.name,
      image: d.next.coverURL,
      item: d,
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
