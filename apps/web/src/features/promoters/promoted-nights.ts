// How the promoter's dashboard orders their events: the night they are working first (Madrid's 06:00–06:00 night,
// nightStart, plus anything still under way), or the next night they work when there is none tonight; then the
// later nights and the nights past, which the page shows folded.
import type { PromotedEvent } from '@nocturna/shared';
import { nightStart } from '@nocturna/shared/madrid-time';

export type PromotedNights = {
  focus: { kind: 'tonight' | 'next'; events: PromotedEvent[] } | null;
  later: PromotedEvent[];
  past: PromotedEvent[];
};

export function arrangeNights(events: PromotedEvent[], now: Date): PromotedNights {
  const tonight = nightStart(now).getTime();
  const nightOf = (e: PromotedEvent) => nightStart(new Date(e.startAt)).getTime();
  const underWay = (e: PromotedEvent) => new Date(e.startAt) <= now && new Date(e.endAt) > now;
  const sorted = [...events].sort((a, b) => a.startAt.localeCompare(b.startAt));
  const current = sorted.filter((e) => nightOf(e) === tonight || underWay(e));
  const ahead = sorted.filter((e) => !current.includes(e) && nightOf(e) > tonight);
  const past = sorted.filter((e) => !current.includes(e) && nightOf(e) < tonight).reverse();
  if (current.length > 0) return { focus: { kind: 'tonight', events: current }, later: ahead, past };
  if (ahead.length === 0) return { focus: null, later: [], past };
  const next = nightOf(ahead[0]!);
  return {
    focus: { kind: 'next', events: ahead.filter((e) => nightOf(e) === next) },
    later: ahead.filter((e) => nightOf(e) !== next),
    past,
  };
}
