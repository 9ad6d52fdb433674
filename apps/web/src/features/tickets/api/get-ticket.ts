// GET /api/tickets/:id: one of my tickets with its QR and history.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketDetail } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const getTicket = (ticketId: string, signal?: AbortSignal) =>
  api<TicketDetail>(`/api/tickets/${encodeURIComponent(ticketId)}`, { signal });

export const ticketQueryOptions = (userId: string, ticketId: string) =>
  queryOptions({
    queryKey: ticketKeys.detail(userId, ticketId),
    queryFn: ({ signal }) => getTicket(ticketId, signal),
    networkMode: 'offlineFirst',
  });

export const useTicket = (userId: string, ticketId: string | null) =>
  useQuery({ ...ticketQueryOptions(userId, ticketId ?? ''), enabled: Boolean(userId && ticketId) });

export const calendarUrl = (ticketId: string) => `/api/tickets/${encodeURIComponent(ticketId)}/calendar.ics`;
