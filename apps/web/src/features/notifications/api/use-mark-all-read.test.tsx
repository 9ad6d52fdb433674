// "Mark all as read" while a read of the list is still on its way (the socket's reconnect refreshes every list as a
// page opens): the read's older answer must not land after the change and draw the notifications unread again.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Notification } from '@nocturna/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiTransport } from '../../../lib/api-client.ts';
import { flatten } from '../notification-cache.ts';
import { useNotifications } from './get-notifications.ts';
import { useMarkAllRead } from './use-mark-all-read.ts';

const USER = 'u-1';
const item = (id: string, isRead: boolean) => ({
  id,
  isRead,
  title: id,
  createdAt: '2026-11-30T20:00:00.000Z',
});

// Answers the API as the server would: the list, unread until the read-all has been answered; a request can be held.
function server() {
  let allRead = false;
  const held: { path: string; release: () => void }[] = [];
  let holdNext: string | null = null;
  setApiTransport(async (path, init) => {
    if (holdNext && path.startsWith(holdNext)) {
      holdNext = null;
      // The answer is worked out now, as the server did when the request reached it, and sent when released.
      const answer = respond(path, init);
      await new Promise<void>((release) => held.push({ path, release }));
      return answer;
    }
    return respond(path, init);
  });
  function respond(path: string, init: RequestInit): Response {
    if (path === '/api/notifications/read-all' && init.method === 'POST') {
      allRead = true;
      return new Response(null, { status: 204 });
    }
    const body = { items: [item('a', allRead), item('b', allRead)], nextCursor: null };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  }
  return {
    hold: (path: string) => (holdNext = path),
    held,
  };
}

afterEach(() => setApiTransport((path, init) => fetch(path, init)));

describe('marking every notification read', () => {
  it('stays read when an older read of the list arrives after the change', async () => {
    const api = server();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => ({ list: useNotifications(USER), markAll: useMarkAllRead(USER) }), {
      wrapper,
    });
    const unread = () => flatten(result.current.list.data).filter((n: Notification) => !n.isRead).length;
    await waitFor(() => expect(unread()).toBe(2));

    // A refresh of the list is on its way with the state before the change.
    api.hold('/api/notifications?');
    act(() => {
      void client.invalidateQueries({ queryKey: ['notifications'] });
    });
    await waitFor(() => expect(api.held).toHaveLength(1));

    // The read-all is sent and held before its answer; the older read then arrives.
    api.hold('/api/notifications/read-all');
    act(() => result.current.markAll.mutate());
    await waitFor(() => expect(unread()).toBe(0));
    await waitFor(() => expect(api.held).toHaveLength(2));
    act(() => api.held[0]!.release());
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(unread()).toBe(0);

    // Answered: the list is read again and holds what the server holds.
    act(() => api.held[1]!.release());
    await waitFor(() => expect(result.current.markAll.isSuccess).toBe(true));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(unread()).toBe(0);
  });
});
