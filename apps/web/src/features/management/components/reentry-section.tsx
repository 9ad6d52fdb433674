// "Salidas y reentrada": whether someone who steps out (to smoke) may come back in — all night, until a time of
// the event's night (Madrid wall clock), or never. The door applies the saved rule when the ticket is scanned again.
import { useId, useState, type FormEvent } from 'react';
import { Check } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ManagedEvent, ReentryRule } from '@nocturna/shared';
import { madridNight, madridWallClock } from '@nocturna/shared/madrid-time';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useSaveReentryRule } from '../api/events.ts';
import { Input } from '../../../components/ui/field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

const CHOICES = ['allNight', 'until', 'never'] as const;
type Choice = (typeof CHOICES)[number];

const savedTime = (event: ManagedEvent) =>
  event.reentryUntil ? madridWallClock(new Date(event.reentryUntil)).time : '';
const savedChoice = (event: ManagedEvent): Choice =>
  event.reentryPolicy === 'never' ? 'never' : event.reentryUntil ? 'until' : 'allNight';

export function ReentrySection({ event }: { event: ManagedEvent }) {
  const { t } = useTranslation('manage');
  const errorText = useErrorText();
  const ids = useId();
  const save = useSaveReentryRule(event.id);
  const [choice, setChoice] = useState<Choice>(() => savedChoice(event));
  const [time, setTime] = useState(() => savedTime(event));
  const [error, setError] = useState<string | null>(null);
  const current = savedChoice(event);

  // The time belongs to the event's night: before the start it is the next morning (23:30 → 03:00).
  function ruleFromForm(): ReentryRule | null {
    if (choice === 'never') return { policy: 'never' };
    if (choice === 'allNight') return { policy: 'until', until: null };
    if (!time) return fail(t('reentry.timeRequired'));
    const until = madridNight(event.date, event.startTime, time).to;
    if (until > new Date(event.endAt)) return fail(t('reentry.afterEnd', { end: event.endTime }));
    return { policy: 'until', until: until.toISOString() };
  }
  function fail(message: string): null {
    setError(message);
    return null;
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const rule = ruleFromForm();
    if (!rule) return;
    save.mutate(rule, {
      onSuccess: () => toast.success(t('reentry.saved')),
      onError: (err) => {
        const text = errorText(err, t('form.saveFailed'));
        if (err instanceof ApiRequestError && err.field === 'until') setError(text);
        else toast.error(text);
      },
    });
  };

  return (
    <Card as="section" padding="md-lg" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="text-lg font-bold text-white">
        {t('reentry.title')}
      </h2>
      <p className="mt-1 text-sm text-white/70" data-testid="reentry-current">
        {t(`reentry.now.${current}`, { time: savedTime(event) })}
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-3" data-testid="reentry-form">
        <fieldset className="grid gap-2 sm:grid-cols-3">
          <legend className="sr-only">{t('reentry.legend')}</legend>
          {CHOICES.map((c) => {
            const selected = c === choice;
            return (
              <label
                key={c}
                className={`flex min-h-11 cursor-pointer items-start justify-between gap-2 rounded-xl border px-4 py-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-neon-400 ${
                  selected
                    ? 'border-neon-500 bg-neon-500/15 text-white'
                    : 'border-white/10 text-white/70 hover:border-white/25 hover:text-white'
                }`}
              >
                <input
                  type="radio"
                  name={`${ids}-choice`}
                  value={c}
                  checked={selected}
                  onChange={() => {
                    setChoice(c);
                    setError(null);
                  }}
                  className="sr-only"
                />
                <span className="grid gap-0.5">
                  <span className="font-semibold">{t(`reentry.options.${c}`)}</span>
                  <span className="text-xs text-white/60">{t(`reentry.hints.${c}`)}</span>
                </span>
                {selected && <Check aria-hidden="true" className="size-5 shrink-0 text-neon-400" />}
              </label>
            );
          })}
        </fieldset>
        {choice === 'until' && (
          <div className="grid gap-1 sm:max-w-xs">
            <label htmlFor={`${ids}-time`} className="text-sm font-semibold text-white/80">
              {t('reentry.time')}
            </label>
            <Input
              id={`${ids}-time`}
              type="time"
              value={time}
              onChange={(e) => {
                setTime(e.target.value);
                setError(null);
              }}
              aria-invalid={Boolean(error)}
              aria-describedby={`${ids}-time-note`}
            />
            {error ? (
              <p id={`${ids}-time-note`} role="alert" className="text-sm text-flame-500">
                {error}
              </p>
            ) : (
              <p id={`${ids}-time-note`} className="text-xs text-white/50">
                {t('reentry.timeHint', { start: event.startTime, end: event.endTime })}
              </p>
            )}
          </div>
        )}
        {error && choice !== 'until' && (
          <p role="alert" className="text-sm text-flame-500">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('form.saving') : t('reentry.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
