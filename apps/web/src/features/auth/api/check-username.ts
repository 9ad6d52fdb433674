// The real availability check (GET /api/users/username-availability).
import type { UsernameAvailability } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';

export const checkUsername = (username: string, signal?: AbortSignal) =>
  api<UsernameAvailability>(withQuery('/api/users/username-availability', { username }), { signal });
