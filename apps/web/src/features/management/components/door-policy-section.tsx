// The club's door policy: refund card-paid tickets refused at the door, or not. Saved as it is switched.
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ManagedClub } from '@nocturna/shared';
import { useErrorText } from '../../../lib/error-text.ts';
import { useSaveDoorPolicy } from '../api/clubs.ts';
import { Card } from '../../../components/ui/card.tsx';

export function DoorPolicySection({ club }: { club: ManagedClub }) {
  const { t } = useTranslation('manage');
  const errorText = useErrorText();
  const save = useSaveDoorPolicy(club.id);
  return (
    <Card as="section" padding="md-lg" className="mt-6 space-y-2" aria-labelledby="door-policy">
      <h2 id="door-policy" className="text-lg font-bold text-white">
        {t('doorPolicy.title')}
      </h2>
      <div className="flex min-h-11 items-start gap-3 text-white/90">
        <input
          id="refund-on-refusal"
          type="checkbox"
          className="mt-1 size-5 accent-flame-500"
          checked={club.refundOnRefusal}
          disabled={save.isPending}
          aria-describedby="refund-on-refusal-hint"
          onChange={(e) =>
            save.mutate(e.target.checked, {
              onSuccess: () => toast.success(t('doorPolicy.saved')),
              onError: (error) => toast.error(errorText(error, t('form.saveFailed'))),
            })
          }
        />
        <div>
          <label htmlFor="refund-on-refusal" className="block cursor-pointer font-semibold">
            {t('doorPolicy.refund')}
          </label>
          <p id="refund-on-refusal-hint" className="text-sm text-white/60">
            {t('doorPolicy.hint')}
          </p>
        </div>
      </div>
    </Card>
  );
}
