// The username field's live verdict: an icon inside the field and the message below it.
import { Check, Loader2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UsernameCheck } from '../use-username-check.ts';

export function usernameMessage(t: (key: string) => string, check: UsernameCheck): string | undefined {
  switch (check.status) {
    case 'taken':
      return t('username.taken');
    case 'invalid':
      return check.reason === 'tooShort' ? t('username.tooShort') : t('username.invalid');
    case 'error':
      return t('username.error');
    default:
      return undefined;
  }
}

export function UsernameIcon({ status }: { status: UsernameCheck['status'] }) {
  const { t } = useTranslation('auth');
  if (status === 'checking')
    return <Loader2 aria-label={t('username.checking')} className="size-4 animate-spin text-white/60" />;
  if (status === 'available')
    return <Check aria-label={t('username.available')} className="size-4 text-emerald-400" />;
  if (status === 'taken' || status === 'invalid' || status === 'error')
    return <X aria-hidden="true" className="size-4 text-flame-500" />;
  return null;
}

export function UsernameHint({ check }: { check: UsernameCheck }) {
  const { t } = useTranslation('auth');
  if (check.status === 'checking') return <span>{t('username.checking')}</span>;
  if (check.status === 'available')
    return <span className="text-emerald-400">{t('username.available')}</span>;
  return null;
}
