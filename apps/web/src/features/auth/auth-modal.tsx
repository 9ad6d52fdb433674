// The one auth modal of the app: the shell renders <AuthModalHost/> once and anything may call
// openAuthModal('signIn' | 'signUp'). The host also asks a new Google user to complete their profile and
// toasts the result of a Google round trip when the page comes back.
import { useEffect, useId } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { authClient } from './auth-client.ts';
import { takeAuthReturn } from './auth-return.ts';
import { closeAuthModal, openAuthModal, setAuthModalMode, useAuthModal } from './auth-modal-store.ts';
import { useSession } from './api/use-session.ts';
import { useSignOut } from './api/use-sign-out.ts';
import { useDropAuthCacheOnUserChange } from './api/use-drop-auth-cache.ts';
import { AuthForms } from './components/auth-forms.tsx';
import { CompleteProfileForm } from './components/complete-profile-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';

export { openAuthModal, closeAuthModal };

// Focus starts on the form's first field (or button), not on the dialog's close button.
const FIRST_FIELD = 'input, button:not([data-dialog-close])';
export type { AuthModalMode } from './auth-modal-store.ts';

export function AuthModalHost() {
  const { t } = useTranslation('auth');
  const { open, mode } = useAuthModal();
  const { user, refetch } = useSession();
  const signOut = useSignOut();
  const titleId = useId();
  const profileTitleId = useId();
  useDropAuthCacheOnUserChange();

  useEffect(() => {
    const result = takeAuthReturn();
    if (result === 'google') toast.success(t('toasts.googleSuccess'));
    if (result === 'google-error') toast.error(t('toasts.googleFailed'));
  }, [t]);

  useEffect(() => {
    if (user && open) closeAuthModal();
  }, [user, open]);

  const full = user;
  if (full && !full.username) {
    return (
      // No way out but finishing the profile or signing out: no close button, Escape and the backdrop do nothing.
      <Dialog open titleId={profileTitleId} initialFocus={FIRST_FIELD}>
        <h2 id={profileTitleId} className="text-2xl font-black tracking-tight text-white">
          {t('completeProfile.title')}
        </h2>
        <p className="mt-1 mb-5 text-sm text-white/60">{t('completeProfile.subtitle')}</p>
        <CompleteProfileForm
          defaults={{ firstName: full.firstName ?? '', lastName: full.lastName ?? '' }}
          onDone={() => {
            void authClient.getSession({ query: { disableCookieCache: true } }).then(refetch);
          }}
        />
        <Button type="button" tone="ghost" size="sm" onClick={() => signOut.mutate()} className="mt-4 w-full">
          {t('completeProfile.signOut')}
        </Button>
      </Dialog>
    );
  }

  if (!open) return null;
  return (
    <Dialog
      open
      onClose={closeAuthModal}
      titleId={titleId}
      closeLabel={t('close')}
      initialFocus={FIRST_FIELD}
    >
      <AuthForms
        titleId={titleId}
        mode={mode}
        onToggle={() => setAuthModalMode(mode === 'signIn' ? 'signUp' : 'signIn')}
        onSignedIn={closeAuthModal}
      />
    </Dialog>
  );
}
