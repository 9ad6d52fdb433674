// "Desbloquear" for one person.
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useConnectionAction } from '../../connections/api/use-connection-action.ts';
import { Button } from '../../../components/ui/button.tsx';

export function ConnectionUnblock({
  userId,
  name,
  onDone,
}: {
  userId: string;
  name: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation('connections');
  const action = useConnectionAction();
  return (
    <Button
      tone="secondary"
      type="button"
      disabled={action.isPending}
      aria-label={`${t('actions.unblock')}: ${name}`}
      onClick={() =>
        action.mutate(
          { action: 'unblock', userId },
          {
            onSuccess: () => (toast.success(t('done.unblock', { name })), onDone?.()),
            onError: () => toast.error(t('failed')),
          },
        )
      }
    >
      {t('actions.unblock')}
    </Button>
  );
}
