// Notifications: per kind, in the app, by e-mail and by push; and push on this device (with a test).
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { CHANNELS, PREFERENCE_KINDS } from '@nocturna/shared/account';
import { usePreferences, useSavePreference } from '../api/preferences.ts';
import { usePushState, useTestPush, useTogglePush } from '../api/push.ts';
import { SettingsCard, Switch } from './settings-card.tsx';
import { Button } from '../../../components/ui/button.tsx';

function PushDevice() {
  const { t } = useTranslation('settings');
  const state = usePushState();
  const toggle = useTogglePush();
  const test = useTestPush();
  const on = state.data === 'on';
  const unavailable = state.data === 'unsupported' || state.data === 'denied';
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-white/10 p-4">
      <div className="min-w-0">
        <p className="font-semibold text-white">{t('push.title')}</p>
        <p className="text-sm text-white/60">{state.data ? t(`push.state.${state.data}`) : t('loading')}</p>
      </div>
      <div className="flex items-center gap-3">
        {on && (
          <Button
            tone="secondary"
            type="button"
            disabled={test.isPending}
            onClick={() =>
              test.mutate(undefined, {
                onSuccess: () => toast.success(t('push.testSent')),
                onError: () => toast.error(t('error')),
              })
            }
          >
            {t('push.test')}
          </Button>
        )}
        <Switch
          checked={on}
          label={t('push.title')}
          disabled={unavailable || toggle.isPending || state.isPending}
          onChange={(next) =>
            toggle.mutate(next, {
              onSuccess: () => toast.success(next ? t('push.enabled') : t('push.disabled')),
              onError: () => toast.error(t('push.failed')),
            })
          }
        />
      </div>
    </div>
  );
}

export function NotificationSettings() {
  const { t } = useTranslation('settings');
  const preferences = usePreferences();
  const save = useSavePreference();
  return (
    <SettingsCard
      id="notificaciones"
      title={t('notifications.title')}
      description={t('notifications.description')}
    >
      <PushDevice />
      {preferences.isError && <p className="text-sm text-flame-500">{t('error')}</p>}
      {preferences.data && (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-white/50">
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">{t('notifications.kind')}</span>
              </th>
              {CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="w-16 py-2 text-center font-medium sm:w-24">
                  {t(`notifications.channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PREFERENCE_KINDS.map((kind) => {
              const value = preferences.data.kinds[kind];
              return (
                <tr key={kind} className="border-t border-white/5">
                  <th scope="row" className="py-3 pr-2 text-left font-medium text-white">
                    {t(`notifications.kinds.${kind}`)}
                  </th>
                  {CHANNELS.map((channel) => (
                    <td key={channel} className="py-3 text-center">
                      <span className="inline-flex justify-center">
                        <Switch
                          checked={value[channel]}
                          label={`${t(`notifications.kinds.${kind}`)}: ${t(`notifications.channels.${channel}`)}`}
                          disabled={save.isPending}
                          onChange={(next) =>
                            save.mutate(
                              { kind, ...value, [channel]: next },
                              { onError: () => toast.error(t('error')) },
                            )
                          }
                        />
                      </span>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {preferences.data && <p className="text-xs text-white/50">{t('notifications.inAppOnly')}</p>}
    </SettingsCard>
  );
}
