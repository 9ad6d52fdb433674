// GET /api/admin/roles/audit: who granted or revoked which role, and when.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleAuditEntry } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './get-admin-users.ts';

export const getRoleAudit = () =>
  api<{ items: RoleAuditEntry[] }>('/api/admin/roles/audit?limit=50').then((r) => r.items);
export const roleAuditQueryOptions = () => queryOptions({ queryKey: adminKeys.audit, queryFn: getRoleAudit });
export const useRoleAudit = () => useQuery(roleAuditQueryOptions());
