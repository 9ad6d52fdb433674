// GET /api/admin/users: users with their roles, cursor-paginated and searchable.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUser } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';

type Page = { items: AdminUser[]; nextCursor: string | null };

export const adminKeys = {
  all: ['admin'] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  audit: ['admin', 'role-audit'] as const,
};

export const getAdminUsers = (q: string, cursor?: string) =>
  api<Page>(withQuery('/api/admin/users', { q, cursor, limit: 20 }));

export const adminUsersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(q),
    queryFn: ({ pageParam }) => getAdminUsers(q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useAdminUsers = (q: string) => useInfiniteQuery(adminUsersQueryOptions(q));
