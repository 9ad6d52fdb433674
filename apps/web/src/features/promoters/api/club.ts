// The club's side: its promoters with their commission, what it shares, a promoter's statement and paying it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClubPromotersResponse, Commission, PartnerSettings, Statement } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';
import type { StatementScope } from './rpp.ts';

const base = (clubId: string) => `/api/clubs/${encodeURIComponent(clubId)}`;
export const clubRppKeys = {
  all: (clubId: string) => ['club-rpp', clubId] as const,
  statement: (clubId: string, userId: string, scope: StatementScope) =>
    ['club-rpp', clubId, 'statement', userId, scope] as const,
};

export const useClubPromoters = (clubId: string) =>
  useQuery({
    queryKey: clubRppKeys.all(clubId),
    queryFn: () => api<ClubPromotersResponse>(`${base(clubId)}/promoters`),
  });

function useClubMutation<T>(clubId: string, fn: (v: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => void qc.invalidateQueries({ queryKey: clubRppKeys.all(clubId) }),
  });
}

export const useAttachPromoter = (clubId: string) =>
  useClubMutation(clubId, (body: { login: string; code?: string; commission: Commission }) =>
    api(`${base(clubId)}/promoters`, { method: 'POST', json: body }),
  );

export const useDetachPromoter = (clubId: string) =>
  useClubMutation(clubId, (userId: string) =>
    api(`${base(clubId)}/promoters/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  );

export const usePartnerSettings = (clubId: string) =>
  useClubMutation(clubId, (body: PartnerSettings) =>
    api(`${base(clubId)}/partner-settings`, { method: 'PUT', json: body }),
  );

export const clubStatementUrl = (
  clubId: string,
  userId: string,
  scope: StatementScope,
  format?: 'csv' | 'pdf',
) => withQuery(`${base(clubId)}/promoters/${encodeURIComponent(userId)}/statement`, { ...scope, format });

export const useClubStatement = (clubId: string, userId: string | null, scope: StatementScope) =>
  useQuery({
    queryKey: clubRppKeys.statement(clubId, userId ?? '', scope),
    queryFn: () => api<Statement>(clubStatementUrl(clubId, userId!, scope)),
    enabled: Boolean(userId),
  });

// Pays an event's statement ({ eventId }) or a period's ({ from, to }); the statement views refetch.
export const usePayStatement = (clubId: string, userId: string) =>
  useClubMutation(clubId, (scope: StatementScope) =>
    api<Statement>(`${base(clubId)}/promoters/${encodeURIComponent(userId)}/statement/pay`, {
      method: 'POST',
      json: scope,
    }),
  );

const promoterUrl = (clubId: string, userId: string) =>
  `${base(clubId)}/promoters/${encodeURIComponent(userId)}`;

// The promoter's default commission, for any type without a rule of its own.
export const useUpdateCommission = (clubId: string, userId: string) =>
  useClubMutation(clubId, (commission: Commission) =>
    api(promoterUrl(clubId, userId), { method: 'PATCH', json: { commission } }),
  );

// A commission for one ticket type (null takes the rule away: the default applies again).
export const useSetCommissionRule = (clubId: string, userId: string) =>
  useClubMutation(clubId, (v: { ticketTypeId: string; commission: Commission | null }) =>
    api(`${promoterUrl(clubId, userId)}/rules/${encodeURIComponent(v.ticketTypeId)}`, {
      method: v.commission ? 'PUT' : 'DELETE',
      ...(v.commission ? { json: v.commission } : {}),
    }),
  );
