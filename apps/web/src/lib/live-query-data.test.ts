// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setLiveQueryData } from './live-query-data.ts';

const key = ['notifications', 'unread-count', 'u1'];

describe('setLiveQueryData', () => {
  it('keeps the pushed value when a read started before it answers later', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(key, { count: 0 });
    let answer!: (value: { count: number }) => void;
    const read = client.fetchQuery({
      queryKey: key,
      queryFn: () => new Promise<{ count: number }>((resolve) => (answer = resolve)),
      staleTime: 0,
    });
    await setLiveQueryData(client, key, { count: 3 });
    answer({ count: 0 });
    await read.catch(() => undefined);
    expect(client.getQueryData(key)).toEqual({ count: 3 });
    expect(client.getQueryState(key)?.fetchStatus).toBe('idle');
  });

  it('sets the value when nothing is being read, and the last of two pushes wins', async () => {
    const client = new QueryClient();
    await Promise.all([
      setLiveQueryData(client, key, { count: 1 }),
      setLiveQueryData(client, key, { count: 2 }),
    ]);
    expect(client.getQueryData(key)).toEqual({ count: 2 });
  });
});
