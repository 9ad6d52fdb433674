// Reopens the ticket sheet with the choice a visitor made before signing in or up, once they are signed in and the
// offers are loaded (with the code that showed a hidden type, set first when the choice carries one). A type no
// longer on sale is dropped; the quantity is kept within what the person may still get. The choice stays in the
// address while the sheet is open (sign-up reloads the page a moment after signing in, and the sheet must be there
// after that reload too, and waits for it); closing the sheet or getting the tickets removes it.
import { useEffect } from 'react';
import type { TicketTypeOffer } from '@nocturna/shared';
import { reloadAfterSignUpPending } from '../auth/index.ts';
import { maxQuantity } from './ticket-format.ts';
import { forgetChoice, readChoice } from './pending-choice.ts';

export function usePendingChoice({
  ready,
  types,
  code,
  onCode,
  onChoice,
}: {
  ready: boolean;
  types: TicketTypeOffer[] | null;
  code: string;
  onCode: (code: string) => void;
  onChoice: (choice: { offer: TicketTypeOffer; quantity: number }) => void;
}): void {
  useEffect(() => {
    if (!ready || !types || reloadAfterSignUpPending()) return;
    const pending = readChoice();
    if (!pending) return;
    if (pending.code && pending.code !== code) return onCode(pending.code);
    const offer = types.find((type) => type.id === pending.typeId);
    if (!offer || offer.availability !== 'on_sale' || maxQuantity(offer) === 0) return forgetChoice();
    onChoice({ offer, quantity: Math.min(pending.quantity, maxQuantity(offer)) });
  }, [ready, types, code, onCode, onChoice]);
}
