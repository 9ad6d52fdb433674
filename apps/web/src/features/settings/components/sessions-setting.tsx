// Active sessions: device, browser, last use; close one, or all the others.
import { Laptop, Smartphone, Tablet, HelpCircle } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions.ts';
import { SettingsCard, madridTime } from './settings-card.tsx';
import { Button } from '../../../components/ui/button.tsx';

const ICONS = { mobile: Smartphone, tablet: Tablet, desktop: Laptop, unknown: HelpCircle } as const;

export function SessionsSetting() {
  const { t, i18n } = useTranslation('settings');
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <SettingsCard id="sesiones" title={t('sessions.title')} description={t('sessions.description')}>
      {sessions.isError && <p className="text-sm text-flame-500">{t('error')}</p>}
      <ul className="flex flex-col divide-y divide-white/5">
        {sessions.data?.map((session) => {
          const Icon = ICONS[session.device as keyof typeof ICONS] ?? HelpCircle;
          return (
            <li key={session.id} className="flex items-center gap-3 py-3">
              <Icon aria-hidden="true" className="size-6 shrink-0 text-white/60" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-white">
                  {[session.browser, session.os].filter(Boolean).join(' · ') || t('sessions.unknownDevice')}
                </p>
                <p className="text-xs text-white/50">
                  {session.current
                    ? t('sessions.thisDevice')
                    : t('sessions.lastUsed', { when: madridTime(session.lastUsedAt, i18n.language) })}
                </p>
              </div>
              {!session.current && (
                <Button
                  tone="secondary"
                  type="button"
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(session.id, {
                      onSuccess: () => toast.success(t('sessions.closed')),
                      onError: () => toast.error(t('error')),
                    })
                  }
                >
                  {t('sessions.close')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 && (
        <Button
          tone="secondary"
          type="button"
          className="mt-3"
          disabled={revokeOthers.isPending}
          onClick={() =>
            revokeOthers.mutate(undefined, {
              onSuccess: ({ revoked }) => toast.success(t('sessions.closedOthers', { count: revoked })),
              onError: () => toast.error(t('error')),
            })
          }
        >
          {t('sessions.closeOthers')}
        </Button>
      )}
    </SettingsCard>
  );
}
