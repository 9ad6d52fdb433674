// The audit log: who granted or revoked which role to whom, and when (Europe/Madrid).
import { useTranslation } from 'react-i18next';
import { useRoleAudit } from '../api/get-role-audit.ts';
import { Card } from '../../../components/ui/card.tsx';

export function RoleAuditLog() {
  const { t, i18n } = useTranslation('dashboards');
  const audit = useRoleAudit();
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Madrid',
  });
  return (
    <Card as="section" className="min-w-0" aria-labelledby="audit-title">
      <h2 id="audit-title" className="text-lg font-bold text-white">
        {t('admin.auditTitle')}
      </h2>
      {audit.isError && <p className="mt-3 text-sm text-flame-500">{t('admin.error')}</p>}
      {audit.data?.length === 0 && <p className="mt-3 text-sm text-white/50">{t('admin.noAudit')}</p>}
      <ol className="mt-3 flex flex-col divide-y divide-white/5">
        {audit.data?.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-0.5 py-2.5 text-sm">
            <span className="break-words text-white/90">
              {t(entry.action === 'grant' ? 'admin.auditGrant' : 'admin.auditRevoke', {
                actor: entry.actorEmail ?? t('admin.system'),
                role: t(`roles.${entry.role}`),
                user: entry.userEmail ?? entry.userId,
              })}
            </span>
            <time dateTime={entry.createdAt} className="text-xs text-white/40">
              {when.format(new Date(entry.createdAt))}
            </time>
          </li>
        ))}
      </ol>
    </Card>
  );
}
