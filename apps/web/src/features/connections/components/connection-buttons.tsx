// The connect / accept / decline / cancel / remove buttons for one person, from where the two stand. A visitor's
// "Conectar" opens the sign-in modal instead. Removing asks once more before it happens.
import { Check, Clock, UserCheck, UserMinus, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '@nocturna/shared';
import { useErrorText } from '../../../lib/error-text.ts';
import { openAuthModal } from '../../auth/index.ts';
import { useConnectionAction } from '../api/use-connection-action.ts';
import { buttonsFor, needsConfirmation, type ConnectionAction } from '../connection-actions.ts';
import { Button } from '../../../components/ui/button.tsx';

const ICONS = {
  request: UserPlus,
  accept: Check,
  decline: X,
  cancel: X,
  remove: UserMinus,
  block: X,
  unblock: Check,
} as const;

type Props = {
  userId: string;
  name: string;
  state: ConnectionState;
  signedIn: boolean;
  // Several people on screen: each button's accessible name also says who it is for.
  inList?: boolean;
};

export function ConnectionButtons({ userId, name, state, signedIn, inList = false }: Props) {
  const { t } = useTranslation('connections');
  const errorText = useErrorText();
  const action = useConnectionAction();
  const [confirming, setConfirming] = useState<ConnectionAction | null>(null);
  const { primary, secondary, status } = buttonsFor(state);

  const run = (which: ConnectionAction) => {
    if (!signedIn) return openAuthModal('signIn');
    if (needsConfirmation(which) && confirming !== which) return setConfirming(which);
    setConfirming(null);
    action.mutate(
      { action: which, userId },
      {
        onSuccess: () => toast.success(t(`done.${which}`, { name })),
        onError: (error) => toast.error(errorText(error, t('failed'))),
      },
    );
  };

  const label = (which: ConnectionAction) =>
    confirming === which ? t(`confirm.${which}`) : t(`actions.${which}`);
  const button = (which: ConnectionAction, filled: boolean) => {
    const Icon = ICONS[which];
    return (
      <Button
        type="button"
        tone={filled || confirming === which ? 'primary' : 'secondary'}
        onClick={() => run(which)}
        disabled={action.isPending}
        aria-label={inList ? `${label(which)}: ${name}` : undefined}
        className={confirming === which ? 'bg-flame-500 hover:bg-flame-500' : undefined}
      >
        <Icon aria-hidden className="size-4" />
        {label(which)}
      </Button>
    );
  };

  return (
    // `contents`: the buttons wrap and centre with whatever sits beside them in the parent row.
    <div className="contents">
      {status && (
        <span className="inline-flex h-10 items-center gap-1.5 whitespace-nowrap rounded-full bg-white/5 px-3 text-sm font-medium text-neon-400">
          {status === 'connected' ? (
            <UserCheck aria-hidden className="size-4" />
          ) : (
            <Clock aria-hidden className="size-4" />
          )}
          {t(`status.${status}`)}
        </span>
      )}
      {primary && button(primary, true)}
      {secondary && button(secondary, false)}
    </div>
  );
}
