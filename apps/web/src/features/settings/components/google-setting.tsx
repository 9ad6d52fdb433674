// Google: link this account to a Google account (then either signs in), or unlink it (better-auth refuses to
// unlink the only way in). A link that failed at the callback comes back as /ajustes?error=…, said here once.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccountSecurity } from '@nocturna/shared';
import { GOOGLE_PROVIDER_ID, authClient } from '../../auth/api/auth-client-api.ts';
import { authErrorMessage } from '../../auth/index.ts';
import { accountQuery } from '../api/account.ts';
import { SettingsCard } from './settings-card.tsx';
import { Button } from '../../../components/ui/button.tsx';

export function GoogleSetting({ account }: { account: AccountSecurity }) {
  const { t } = useTranslation('settings');
  const { t: tAuth } = useTranslation(['auth', 'errors']);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const linkError = params.get('error');
  useEffect(() => {
    if (!linkError) return;
    toast.error(
      t(
        linkError === 'account_already_linked_to_different_user'
          ? 'google.alreadyLinked'
          : 'google.linkFailed',
      ),
    );
    setParams(
      (current) => {
        current.delete('error');
        current.delete('error_description');
        return current;
      },
      { replace: true },
    );
  }, [linkError, setParams, t]);
  const link = async () => {
    const { data, error } = await authClient.oauth2.link({
      providerId: GOOGLE_PROVIDER_ID,
      callbackURL: '/ajustes#google',
      errorCallbackURL: '/ajustes',
    });
    if (error || !data?.url) return toast.error(error ? authErrorMessage(tAuth, error) : t('error'));
    window.location.assign(data.url);
  };
  const unlink = async () => {
    const { error } = await authClient.unlinkAccount({ providerId: GOOGLE_PROVIDER_ID });
    if (error)
      return toast.error(account.hasPassword ? authErrorMessage(tAuth, error) : t('google.onlyWayIn'));
    toast.success(t('google.unlinked'));
    await queryClient.invalidateQueries({ queryKey: accountQuery().queryKey });
  };
  return (
    <SettingsCard id="google" title={t('google.title')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-white/70">
          {!account.google.available
            ? t('google.unavailable')
            : account.google.linked
              ? t('google.linked')
              : t('google.notLinked')}
        </p>
        {account.google.available && (
          <Button
            tone="secondary"
            type="button"
            onClick={() => void (account.google.linked ? unlink() : link())}
          >
            {account.google.linked ? t('google.unlink') : t('google.link')}
          </Button>
        )}
      </div>
    </SettingsCard>
  );
}
