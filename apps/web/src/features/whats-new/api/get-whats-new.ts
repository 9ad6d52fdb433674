// GET /api/whats-new: the feed (a visitor's is the public part).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WhatsNewFeed } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { whatsNewKeys } from './whats-new-keys.ts';

export const getWhatsNew = (signal?: AbortSignal) => api<WhatsNewFeed>('/api/whats-new', { signal });

export const whatsNewQueryOptions = (viewerId: string | null) =>
  queryOptions({ queryKey: whatsNewKeys.feed(viewerId), queryFn: ({ signal }) => getWhatsNew(signal) });

export const useWhatsNew = (viewerId: string | null) => useQuery(whatsNewQueryOptions(viewerId));
