// DJs: the public profile and following it; the DJ's dashboard, profile edit and answers to line-up slots.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DjDashboard, DjProfile } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';

export const djKeys = {
  profile: (slug: string) => ['djs', 'profile', slug] as const,
  dashboard: ['djs', 'dashboard'] as const,
};

export const useDjProfile = (slug: string) =>
  useQuery({
    queryKey: djKeys.profile(slug),
    queryFn: () => api<DjProfile>(`/api/djs/${encodeURIComponent(slug)}`),
  });

export function useFollowDj(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      api<DjProfile>(`/api/djs/${encodeURIComponent(slug)}/follow`, { method: on ? 'PUT' : 'DELETE' }),
    onSuccess: (profile) => qc.setQueryData(djKeys.profile(slug), profile),
  });
}

export const useDjDashboard = () =>
  useQuery({ queryKey: djKeys.dashboard, queryFn: () => api<DjDashboard>('/api/dj/dashboard') });

export type DjProfilePatch = {
  name?: string;
  bio?: string;
  genres?: string[];
  links?: { label: string; url: string }[];
};

export function useUpdateDjProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DjProfilePatch) =>
      api<DjDashboard>('/api/dj/profile', { method: 'PATCH', json: body }),
    onSuccess: (data) => qc.setQueryData(djKeys.dashboard, data),
  });
}

export function useAnswerSlot() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, answer }: { eventId: string; answer: 'confirm' | 'decline' }) =>
      api<{ status: string; notified: number }>(`/api/dj/gigs/${encodeURIComponent(eventId)}/${answer}`, {
        method: 'POST',
      }),
    onSettled: () => void qc.invalidateQueries({ queryKey: djKeys.dashboard }),
  });
}

// The DJ's own photo (not the account avatar): POST multipart "file", DELETE to go back to none.
export function useDjPhoto() {
  const qc = useQueryClient();
  const saved = () => void qc.invalidateQueries({ queryKey: ['djs'] });
  return {
    upload: useMutation({
      mutationFn: (file: File) => {
        const body = new FormData();
        body.append('file', file);
        return api<{ url: string }>('/api/dj/profile/photo', { method: 'POST', body });
      },
      onSuccess: saved,
    }),
    remove: useMutation({
      mutationFn: () => api<{ url: null }>('/api/dj/profile/photo', { method: 'DELETE' }),
      onSuccess: saved,
    }),
  };
}
