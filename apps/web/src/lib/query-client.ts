import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

// The browser keeps one client for the visit; the server renderer makes one per request (no retries: a page
// that fails there is drawn by the browser, which retries).
export function createQueryClient({ server = false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: server
          ? false
          : (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
      },
    },
  });
}

export const queryClient = createQueryClient();

// A route loader's query client: the request's own on the server (its loader context), the visit's otherwise.
export const queryClientOf = (context: unknown): QueryClient =>
  (context as { queryClient?: QueryClient } | undefined)?.queryClient ?? queryClient;
