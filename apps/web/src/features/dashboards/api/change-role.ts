// PUT/DELETE /api/admin/users/:id/roles/:role. Refreshes the user list, the audit log and cached role answers.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from '../../auth/api/auth-keys.ts';
import { adminKeys } from './get-admin-users.ts';

type Change = { userId: string; role: Role; grant: boolean };

export const changeRole = ({ userId, role, grant }: Change) =>
  api<{ changed: boolean }>(`/api/admin/users/${encodeURIComponent(userId)}/roles/${role}`, {
    method: grant ? 'PUT' : 'DELETE',
  });

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: authKeys.all });
    },
  });
}
