// "Continue with Google": a full-page redirect to Google (or the configured OpenID issuer) and back.
// The return URL carries a marker so the app can toast the result once it is back (auth-return.ts). Where this
// server has no Google client, the button is drawn disabled with the reason beside it instead of failing on a tap.
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { authClient, GOOGLE_PROVIDER_ID } from '../auth-client.ts';
import { returnUrl } from '../auth-return.ts';
import { useSignInOptions } from '../api/sign-in-options.ts';

export function GoogleButton({ from }: { from?: string }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const options = useSignInOptions();
  const reasonId = useId();
  // Unknown yet: not pressable until the server has said. Unknown for good (the request failed): left to try.
  const off = options.data?.google === false;
  const start = async () => {
    setBusy(true);
    try {
      const { error } = await authClient.signIn.oauth2({
        providerId: GOOGLE_PROVIDER_ID,
        callbackURL: returnUrl(from, 'google'),
        errorCallbackURL: returnUrl(from, 'google-error'),
      });
      if (error) {
        toast.error(errorText(error, t('toasts.googleFailed')));
        setBusy(false);
      }
    } catch (failure) {
      toast.error(errorText(failure, t('toasts.googleFailed')));
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <button
        type="button"
        onClick={start}
        disabled={busy || off || options.isPending}
        aria-describedby={off ? reasonId : undefined}
        className={`flex h-11 w-full items-center justify-center gap-3 rounded-xl border border-white/15 bg-white font-semibold text-night-950 hover:bg-white/90 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`}
      >
        <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
          <path
            fill="#FFC107"
            d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
          />
          <path
            fill="#FF3D00"
            d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
          />
          <path
            fill="#4CAF50"
            d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
          />
          <path
            fill="#1976D2"
            d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
          />
        </svg>
        {t('continueWithGoogle')}
      </button>
      {off && (
        <p id={reasonId} className="text-center text-xs text-white/60">
          {t('googleUnavailable')}
        </p>
      )}
    </div>
  );
}
