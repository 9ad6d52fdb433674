// A stand-in for the API server in the web units, and the providers a feature's screen renders in (a fresh query
// client that does not retry, a router). The server is installed with setApiTransport (lib/api-client.ts), so it
// answers every `api()` call of the page; each request is kept with its method, path and parsed JSON body.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { setApiTransport } from '../lib/api-client.ts';

export type ApiCall = { method: string; path: string; body: unknown };

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

// The API's refusal: `{ error: { code, message, field? } }`.
export function apiError(status: number, code: string, field?: string): Response {
  return json({ error: { code, message: 'Mensaje del servidor', ...(field ? { field } : {}) } }, status);
}

// Installs the server: `answer` is asked for every request; what it returns (awaited when a promise) is sent back,
// a Response as it is and anything else as a 200 JSON body.
export function serveApi(answer: (call: ApiCall) => unknown): ApiCall[] {
  const calls: ApiCall[] = [];
  setApiTransport(async (path, init) => {
    const text = typeof init.body === 'string' ? init.body : null;
    const call = {
      method: init.method ?? 'GET',
      path,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    const answered = await answer(call);
    return answered instanceof Response ? answered : json(answered);
  });
  return calls;
}

// Back to the real fetch, for the next file's units.
export function stopApi(): void {
  setApiTransport((path, init) => fetch(path, init));
}

// A request that never gets an answer, for the loading state.
export const never = (): Promise<Response> => new Promise<Response>(() => {});

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
