// Signing out never leaves a request of the person's reaching the server after their session ended (it would be
// answered 401): their tickets, asked for in the background when the offline worker takes over, are cancelled
// before the sign-out is sent, and the background refresh does not start while a sign-out is under way.
import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SESSION_GLOBAL } from '@nocturna/shared/page-session';
import { ana } from '../../auth/api/test-people.ts';

// better-auth's client keeps the fetch it found when it was created, so the stand-in for the server goes in before
// any import. A tickets request stays open until its caller gives up on it; what happened, in order, is kept.
const server = vi.hoisted(() => {
  const state = { events: [] as string[] };
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (url.includes('/api/tickets')) {
      state.events.push('tickets asked');
      return new Promise<Response>((_resolve, reject) => {
        signal?.addEventListener('abort', () => {
          state.events.push('tickets cancelled');
          reject(signal.reason as Error);
        });
      });
    }
    if (url.includes('/api/auth/sign-out')) {
      state.events.push('sign-out sent');
      return Promise.resolve(Response.json({ success: true }));
    }
    return Promise.resolve(Response.json(null));
  }) as typeof fetch;
  return state;
});

// The offline worker, which takes over the page some time after it loaded.
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

// Lets the promises queued so far run, a turn of the microtask queue at a time.
async function turns(count: number) {
  for (let turn = 0; turn < count; turn++) await act(() => Promise.resolve());
}

let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

beforeEach(() => {
  vi.resetModules();
  server.events.length = 0;
  window[PAGE_SESSION_GLOBAL] = { user: ana, expiresAt: '2026-12-30T10:00:00.000Z' };
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  queryClient.clear();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  delete window[PAGE_SESSION_GLOBAL];
});

describe('signing out with a request of the person in flight', () => {
  it('cancels their tickets request before the sign-out is sent', async () => {
    const { useSignOut } = await import('../../auth/api/use-sign-out.ts');
    const { useMyTickets } = await import('./get-my-tickets.ts');
    let signOut: (() => Promise<void>) | undefined;
    function Page() {
      useMyTickets(ana.id, 'upcoming');
      signOut = useSignOut();
      return null;
    }
    render(<Page />, { wrapper });
    await waitFor(() => expect(server.events).toContain('tickets asked'));
    await act(() => signOut!());
    expect(server.events).toEqual(['tickets asked', 'tickets cancelled', 'sign-out sent']);
  });

  it('does not refresh the wallet for offline use when the worker takes over during a sign-out', async () => {
    const worker = installServiceWorker();
    const { setSigningOut } = await import('../../auth/api/signing-out.ts');
    const { useKeepWalletOffline } = await import('./keep-wallet-offline.ts');
    function Shell() {
      useKeepWalletOffline(ana.id);
      return null;
    }
    render(<Shell />, { wrapper });
    setSigningOut(true);
    worker.takeOver();
    // The refresh waits on the take-over's promise and then on its check: both have run after a few turns (the
    // test below asks after as many).
    await turns(5);
    expect(server.events).toEqual([]);
    setSigningOut(false);
  });

  it('refreshes the wallet for offline use when the worker takes over for a signed-in person', async () => {
    const worker = installServiceWorker();
    const { useKeepWalletOffline } = await import('./keep-wallet-offline.ts');
    function Shell() {
      useKeepWalletOffline(ana.id);
      return null;
    }
    render(<Shell />, { wrapper });
    worker.takeOver();
    // The same few turns as above are enough to ask: the test above waits long enough to see a request.
    await turns(5);
    expect(server.events).toEqual(['tickets asked']);
  });
});
