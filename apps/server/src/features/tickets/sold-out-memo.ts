// After the database has refused places for a type (reserveSeats() found too few left), the next requests for as
// many places or more get "Agotado" for a moment without a transaction: in a flash sale the 1,500 people who
// missed out cost one indexed read each instead of five statements. Only the database's own "no" is remembered,
// and only briefly, so it never sells anything; a cancellation on this server forgets it at once (one on another
// server is seen within `ttlMs`).
export type SoldOutMemo = {
  refuses(ticketTypeId: string, quantity: number): boolean;
  remember(ticketTypeId: string, quantity: number): void;
  forget(ticketTypeId: string): void;
};

const MAX_ENTRIES = 10_000;

export function createSoldOutMemo(ttlMs = 1000, now: () => number = () => performance.now()): SoldOutMemo {
  const refused = new Map<string, { quantity: number; until: number }>();
  const live = (ticketTypeId: string) => {
    const entry = refused.get(ticketTypeId);
    if (entry && entry.until <= now()) refused.delete(ticketTypeId);
    return entry && entry.until > now() ? entry : undefined;
  };
  return {
    refuses: (ticketTypeId, quantity) => {
      const entry = live(ticketTypeId);
      return entry !== undefined && quantity >= entry.quantity;
    },
    remember: (ticketTypeId, quantity) => {
      if (refused.size >= MAX_ENTRIES) refused.clear();
      const entry = live(ticketTypeId);
      refused.set(ticketTypeId, {
        quantity: Math.min(quantity, entry?.quantity ?? quantity),
        until: now() + ttlMs,
      });
    },
    forget: (ticketTypeId) => {
      refused.delete(ticketTypeId);
    },
  };
}
