// Keeps the wallet ready for a night without signal. Once the service worker controls the page, the signed-in
// person's upcoming tickets are asked for once, in the background and through the worker, which saves them (and the
// session) for offline use: /tickets then opens with their QR codes offline even if it was never opened on this
// device, or was opened before the worker took over (its answers then went past the worker, and nothing was kept).
// The answer goes under a key of its own, not the list's: a ticket got while it is in flight (the assistant books
// one a moment after the worker takes over) would otherwise be hidden for half a minute by an answer from before it,
// stored as fresh when it lands after the booking had marked the list out of date.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isSigningOut } from '../../auth/api/signing-out.ts';
import { getMyTickets } from './get-my-tickets.ts';
import { ticketKeys } from './ticket-keys.ts';

function whenControlled(): Promise<void> {
  const { serviceWorker } = navigator;
  if (serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) =>
    serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
  );
}

export function useKeepWalletOffline(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let left = false;
    void whenControlled()
      .then(async () => {
        // The worker may take over while the person is signing out: the server would answer 401.
        if (left || isSigningOut() || !navigator.onLine) return;
        // Under the person's key so a sign-out cancels it; dropped once it lands (gcTime 0): the worker keeps it.
        await queryClient.fetchQuery({
          queryKey: ticketKeys.offlineCopy(userId),
          queryFn: ({ signal }) => getMyTickets('upcoming', undefined, signal),
          staleTime: 0,
          gcTime: 0,
        });
      })
      // No signal or a signed-out answer: the next page load tries again; the page on screen is not concerned.
      .catch(() => undefined);
    return () => {
      left = true;
    };
  }, [userId, queryClient]);
}
