// The four privacy settings: a private profile, who may write to me, whether my events show, and
// whether my connections see me online (the same switch as in /settings). Each saves as it changes.
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { MessagePolicy, PrivacySettings as Privacy } from '@nocturna/shared';
import { MESSAGE_POLICIES } from '@nocturna/shared/profiles';
import { useUpdatePrivacy } from '../api/update-privacy.ts';
import { SwitchRow } from './switch-row.tsx';

export function PrivacySettings({ userId, privacy }: { userId: string; privacy: Privacy }) {
  const { t } = useTranslation('profiles');
  const update = useUpdatePrivacy(userId);
  const change = (next: Partial<Privacy>) =>
    update.mutate(next, {
      onSuccess: () => toast.success(t('privacy.saved')),
      onError: () => toast.error(t('privacy.failed')),
    });
  return (
    <div className="divide-y divide-white/5">
      <SwitchRow
        label={t('privacy.isPrivate')}
        description={t('privacy.isPrivateHint')}
        checked={privacy.isPrivate}
        onChange={(isPrivate) => change({ isPrivate })}
      />
      <fieldset className="py-3">
        <legend className="font-semibold text-white">{t('privacy.messagePolicy')}</legend>
        <p className="mt-0.5 text-sm text-white/60">{t('privacy.messagePolicyHint')}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {MESSAGE_POLICIES.map((policy: MessagePolicy) => (
            <label
              key={policy}
              className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3.5 py-2 text-sm font-medium focus-within:ring-2 focus-within:ring-neon-400 ${
                privacy.messagePolicy === policy
                  ? 'border-neon-500 bg-neon-600 text-white'
                  : 'border-night-700 bg-night-800 text-white/75'
              }`}
            >
              <input
                type="radio"
                name="message-policy"
                value={policy}
                checked={privacy.messagePolicy === policy}
                onChange={() => change({ messagePolicy: policy })}
                className="sr-only"
              />
              {t(`privacy.policies.${policy}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <SwitchRow
        label={t('privacy.showEvents')}
        description={t('privacy.showEventsHint')}
        checked={privacy.showEvents}
        onChange={(showEvents) => change({ showEvents })}
      />
      <SwitchRow
        label={t('privacy.showOnline')}
        description={t('privacy.showOnlineHint')}
        checked={privacy.showOnline}
        onChange={(showOnline) => change({ showOnline })}
      />
    </div>
  );
}
