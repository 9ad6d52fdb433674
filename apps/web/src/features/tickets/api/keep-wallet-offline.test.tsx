// The background copy of the wallet kept for offline use never hides a ticket: when a ticket is got while that
// copy is still being asked for, and the copy lands afterwards with the list from before, /tickets still asks the
// server and shows the new ticket.
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketPage } from '@nocturna/shared';
import { PAGE_SESSION_GLOBAL } from '@nocturna/shared/page-session';
import { ana } from '../../auth/api/test-people.ts';

// The server's stand-in: each tickets request waits until the test answers it, with the tickets held at that moment.
const server = vi.hoisted(() => {
  const state = {
    tickets: [] as unknown[],
    waiting: [] as Array<() => void>,
    asked: 0,
  };
  globalThis.fetch = ((input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/api/tickets')) {
      state.asked++;
      return new Promise<Response>((resolve) => {
        const snapshot = [...state.tickets];
        state.waiting.push(() => resolve(Response.json({ items: snapshot, nextCursor: null })));
      });
    }
    return Promise.resolve(Response.json(null));
  }) as typeof fetch;
  return state;
});

function installServiceWorker() {
  const container = Object.assign(new EventTarget(), { controller: null as object | null });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return {
    takeOver: () => {
      container.controller = {};
      container.dispatchEvent(new Event('controllerchange'));
    },
  };
}

let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

beforeEach(() => {
  vi.resetModules();
  server.tickets = [];
  server.waiting = [];
  server.asked = 0;
  window[PAGE_SESSION_GLOBAL] = { user: ana, expiresAt: '2026-12-30T10:00:00.000Z' };
  // The app's own default: an answer is fresh for 30 s.
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
});
afterEach(() => {
  queryClient.clear();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  delete window[PAGE_SESSION_GLOBAL];
});

describe('the wallet kept for offline use', () => {
  it('does not hide a ticket got while it was being asked for', async () => {
    const worker = installServiceWorker();
    const { useKeepWalletOffline } = await import('./keep-wallet-offline.ts');
    const { ticketKeys } = await import('./ticket-keys.ts');
    function Shell() {
      useKeepWalletOffline(ana.id);
      return null;
    }
    render(<Shell />, { wrapper });
    worker.takeOver();
    await waitFor(() => expect(server.asked).toBe(1));

    // A ticket is got (the booking marks every tickets query out of date), then the background copy lands with the
    // empty list it was asked for before.
    server.tickets = [{ id: 'ticket-1' }];
    await act(() => queryClient.invalidateQueries({ queryKey: ticketKeys.all }));
    await act(async () => server.waiting.shift()!());

    // /tickets opens: it asks the server again and shows the ticket.
    const { useMyTickets } = await import('./get-my-tickets.ts');
    const { result } = renderHook(() => useMyTickets(ana.id, 'upcoming'), { wrapper });
    await waitFor(() => expect(server.asked).toBe(2));
    await act(async () => server.waiting.shift()!());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const pages = result.current.data!.pages as TicketPage[];
    expect(pages.flatMap((page) => page.items.map((ticket) => ticket.id))).toEqual(['ticket-1']);
  });
});
