// GET /api/sign-in-options: whether this server offers Google sign-in (its OAuth client is configured). Not
// under authKeys: it is the same for everyone, signed in or not.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInOptions } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';

export const signInOptionsQuery = () =>
  queryOptions({
    queryKey: ['sign-in-options'] as const,
    queryFn: ({ signal }) => api<SignInOptions>('/api/sign-in-options', { signal }),
    staleTime: 10 * 60_000,
  });

export const useSignInOptions = () => useQuery(signInOptionsQuery());
