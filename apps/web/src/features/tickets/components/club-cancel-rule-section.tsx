// The club editor's "cancellations" card: never, until the start, or until N hours before it. The server checks
// the values (and the club's CEO); its field errors show under their inputs.
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { CancelRule } from '@nocturna/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useClubCancelRule, useSaveClubCancelRule } from '../api/club-cancel-rule.ts';

const MODES = ['never', 'until_start', 'hours_before'] as const;
const MODE_KEYS = { never: 'never', until_start: 'untilStart', hours_before: 'hoursBefore' } as const;

export function ClubCancelRuleSection({ clubId }: { clubId: string }) {
  const { t } = useTranslation('tickets');
  const rule = useClubCancelRule(clubId);
  return (
    <section
      aria-labelledby="club-cancel-rule"
      className="mt-6 rounded-2xl border border-white/10 bg-night-900 p-4 sm:p-5"
    >
      <h2 id="club-cancel-rule" className="text-lg font-bold text-white">
        {t('clubRule.title')}
      </h2>
      <p className="mt-1 text-sm text-white/60">{t('clubRule.lead')}</p>
      {rule.data ? (
        <RuleForm key={clubId} clubId={clubId} current={rule.data} />
      ) : (
        <p role="status" className="mt-4 text-sm text-white/60">
          {t('clubRule.loading')}
        </p>
      )}
    </section>
  );
}

function RuleForm({ clubId, current }: { clubId: string; current: CancelRule }) {
  const { t } = useTranslation('tickets');
  const errorText = useErrorText();
  const id = useId();
  const save = useSaveClubCancelRule(clubId);
  const [mode, setMode] = useState<CancelRule['mode']>(current.mode);
  const [hours, setHours] = useState(String(current.hours ?? 24));
  const [errors, setErrors] = useState<Partial<Record<keyof CancelRule, string>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(hours);
    if (mode === 'hours_before' && !(Number.isInteger(n) && n >= 1 && n <= 168))
      return setErrors({ hours: t('clubRule.hoursInvalid') });
    setErrors({});
    save.mutate(
      { mode, hours: mode === 'hours_before' ? n : null },
      {
        onSuccess: () => toast.success(t('clubRule.saved')),
        onError: (error) => {
          const text = errorText(error, t('clubRule.saveFailed'));
          if (error instanceof ApiRequestError && (error.field === 'hours' || error.field === 'mode'))
            setErrors({ [error.field]: text });
          else toast.error(text);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-white/80">{t('clubRule.mode')}</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-4">
          {MODES.map((m) => (
            <label key={m} className="inline-flex items-center gap-2 text-white">
              <input
                type="radio"
                name={`${id}-mode`}
                value={m}
                checked={mode === m}
                onChange={() => setMode(m)}
                className="size-4 accent-neon-600"
              />
              {t(`clubRule.${MODE_KEYS[m]}`)}
            </label>
          ))}
        </div>
        {errors.mode && (
          <p role="alert" className="mt-1 text-sm text-flame-500">
            {errors.mode}
          </p>
        )}
      </fieldset>
      {mode === 'hours_before' && (
        <Field label={t('clubRule.hours')} error={errors.hours}>
          <Input
            className="max-w-32"
            inputMode="numeric"
            value={hours}
            onChange={(e) => setHours(e.target.value)}
          />
        </Field>
      )}
      <Button type="submit" shape="block" disabled={save.isPending} tone="brand" className="w-fit">
        {t('clubRule.save')}
      </Button>
    </form>
  );
}
