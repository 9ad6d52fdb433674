// A public page's queries start as soon as its route matches. In the browser the page draws them as they
// arrive (navigation does not wait); the server renderer waits for them, so its HTML carries the data.
import type { QueryClient } from '@tanstack/react-query';
import { queryClientOf } from './query-client.ts';

export function preload(
  context: unknown,
  load: (client: QueryClient) => Promise<unknown>[],
): Promise<null> | null {
  const pending = Promise.allSettled(load(queryClientOf(context)));
  return import.meta.env.SSR ? pending.then(() => null) : null;
}
