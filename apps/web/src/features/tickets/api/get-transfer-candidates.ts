// GET /api/tickets/transfer-candidates: my connections, the only people a ticket can be passed to.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserCard } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const getTransferCandidates = (signal?: AbortSignal) =>
  api<{ items: UserCard[] }>('/api/tickets/transfer-candidates', { signal });

export const transferCandidatesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ticketKeys.candidates(userId),
    queryFn: ({ signal }) => getTransferCandidates(signal),
  });

export const useTransferCandidates = (userId: string, enabled: boolean) =>
  useQuery({ ...transferCandidatesQueryOptions(userId), enabled: enabled && Boolean(userId) });
