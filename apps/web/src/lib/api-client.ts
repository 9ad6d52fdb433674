// The one fetch wrapper: JSON in and out, cookies included, API errors thrown as ApiRequestError.
import type { ApiError } from '@nocturna/shared';

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  // Whatever the server adds to help the page word it (a wait in seconds, say).
  readonly details?: unknown;
  // A code of the catalogue (ERROR_CODES), one of the sign-in library's own, or HTTP_<status> when the answer had none.
  constructor(status: number, body: Omit<ApiError['error'], 'code'> & { code: string }) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.field = body.field;
    this.details = body.details;
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

// The server renderer answers the same calls in-process (entry-server.tsx); the browser uses fetch.
export function setApiTransport(next: Transport): void {
  transport = next;
}

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await transport(path, {
    credentials: 'include',
    ...rest,
    headers: {
      accept: 'application/json',
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (body as ApiError | null)?.error ?? {
      code: 'HTTP_' + response.status,
      message: response.statusText,
    };
    throw new ApiRequestError(response.status, error);
  }
  return body as T;
}
