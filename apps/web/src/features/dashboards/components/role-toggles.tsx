// One switch per role for a user: pressed means held. Each press grants or revokes on the server.
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@nocturna/shared';
import { ROLES } from '@nocturna/shared/constants';
import { focusRing } from '../../../components/focus-ring.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useChangeRole } from '../api/change-role.ts';

export function RoleToggles({ user }: { user: AdminUser }) {
  const { t } = useTranslation('dashboards');
  const errorText = useErrorText();
  const change = useChangeRole();
  return (
    <div className="flex flex-wrap gap-2">
      {ROLES.map((role) => {
        const held = user.roles.includes(role);
        const label = t(`roles.${role}`);
        return (
          <button
            key={role}
            type="button"
            aria-pressed={held}
            disabled={change.isPending}
            aria-label={t('admin.roleToggle', {
              action: held ? t('admin.revoke') : t('admin.grant'),
              role: label,
              name: user.name,
            })}
            onClick={() =>
              change.mutate(
                { userId: user.id, role, grant: !held },
                {
                  onSuccess: () =>
                    toast.success(
                      t(held ? 'admin.revoked' : 'admin.granted', { role: label, name: user.name }),
                    ),
                  onError: (error) => toast.error(errorText(error, t('admin.error'))),
                },
              )
            }
            className={`h-8 rounded-full border px-3 text-xs font-semibold transition-colors disabled:opacity-60 ${focusRing} ${
              held
                ? 'border-neon-500 bg-neon-600 text-white'
                : 'border-white/15 text-white/60 hover:border-white/40 hover:text-white'
            }`}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}
