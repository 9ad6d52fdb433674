// One commission as the CEO edits it: fixed euros or a percentage of the price, checked before it is sent; the
// server's answer (a Spanish message and the field) is shown the same way.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Commission, CommissionKind } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { focusRing } from '../../../components/focus-ring.ts';
import { commissionInputText, parseCommission } from '../commission-input.ts';
import { Button } from '../../../components/ui/button.tsx';

const input = `h-11 min-w-0 rounded-xl border border-white/15 bg-night-950 px-3 text-white ${focusRing}`;

export function CommissionEditor({
  initial,
  saveLabel,
  pending,
  serverError,
  onSave,
  children,
}: {
  initial: Commission;
  saveLabel: string;
  pending: boolean;
  serverError: string | null;
  onSave: (commission: Commission) => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('rpp');
  const locale = useLocale();
  const id = useId();
  const [kind, setKind] = useState<CommissionKind>(initial.kind);
  const [amount, setAmount] = useState(commissionInputText(initial, locale));
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseCommission(kind, amount);
    if (!parsed.ok) {
      setError(t(`rules.errors.${parsed.error}`));
      return;
    }
    setError(null);
    onSave(parsed.commission);
  };
  const shown = error ?? serverError;
  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-2" noValidate>
      {children}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <label className="grid gap-1 text-xs text-white/60">
          {t('club.kind')}
          <select className={input} value={kind} onChange={(e) => setKind(e.target.value as CommissionKind)}>
            <option value="fixed">{t('club.fixed')}</option>
            <option value="percent">{t('club.percent')}</option>
          </select>
        </label>
        <label className="grid gap-1 text-xs text-white/60">
          {kind === 'fixed' ? t('club.amountEuros') : t('club.amountPercent')}
          <input
            className={input}
            inputMode="decimal"
            value={amount}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? `${id}-error` : undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <Button type="submit" className="col-span-2 h-11 sm:col-span-1" disabled={pending}>
          {saveLabel}
        </Button>
      </div>
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-sm text-flame-500">
          {shown}
        </p>
      )}
    </form>
  );
}
