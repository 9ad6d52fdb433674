// The admins' contact inbox: open or handled messages, reply by e-mail, mark handled.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';

type Page = { items: ContactMessage[]; nextCursor: string | null; openCount: number };
const key = ['admin', 'contact'] as const;

export const adminContactQuery = (status: 'open' | 'handled') =>
  queryOptions({
    queryKey: [...key, status],
    queryFn: () => api<Page>(withQuery('/api/admin/contact', { status, limit: 50 })),
  });

export const useAdminContact = (status: 'open' | 'handled') => useQuery(adminContactQuery(status));

export function useAnswerContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; reply?: string }) =>
      input.reply
        ? api<ContactMessage>(`/api/admin/contact/${encodeURIComponent(input.id)}/reply`, {
            method: 'POST',
            json: { reply: input.reply },
          })
        : api<ContactMessage>(`/api/admin/contact/${encodeURIComponent(input.id)}/handled`, {
            method: 'POST',
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
