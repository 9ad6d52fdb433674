// The club editor's "card payments and receipts" card: legal name, NIF, IVA % and booking fee per ticket. The
// server checks the values (and the club's CEO); its field errors show under their inputs.
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ClubBilling } from '@nocturna/shared';
import { focusRing } from '../../../components/focus-ring.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { formatAmount } from '../../../lib/catalogue-format.ts';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { useClubBilling, useSaveClubBilling, type ClubBillingView } from '../api/club-billing.ts';

const input = `h-11 w-full rounded-xl border border-white/10 bg-night-800 px-3 text-white aria-[invalid=true]:border-flame-500 ${focusRing}`;

export function ClubBillingSection({ clubId }: { clubId: string }) {
  const { t } = useTranslation('payments');
  const billing = useClubBilling(clubId);
  return (
    <section
      aria-labelledby="club-billing"
      className="mt-6 rounded-2xl border border-white/10 bg-night-900 p-4 sm:p-5"
    >
      <h2 id="club-billing" className="text-lg font-bold text-white">
        {t('billing.title')}
      </h2>
      <p className="mt-1 text-sm text-white/60">{t('billing.lead')}</p>
      {billing.data ? (
        <BillingForm key={clubId} clubId={clubId} current={billing.data} />
      ) : (
        <p role="status" className="mt-4 text-sm text-white/60">
          {t('billing.loading')}
        </p>
      )}
    </section>
  );
}

type Field = keyof ClubBilling;

function BillingForm({ clubId, current }: { clubId: string; current: ClubBillingView }) {
  const { t, i18n } = useTranslation('payments');
  const errorText = useErrorText();
  const id = useId();
  const save = useSaveClubBilling(clubId);
  const [legalName, setLegalName] = useState(current.legalName);
  const [nif, setNif] = useState(current.nif);
  const [vat, setVat] = useState(String(current.vatPercent));
  const locale = useLocale();
  const [fee, setFee] = useState(formatAmount(current.serviceFeeCents, locale));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const euros = Number(fee.replace(',', '.'));
    if (!Number.isFinite(euros) || euros < 0) return setErrors({ serviceFeeCents: t('billing.feeInvalid') });
    setErrors({});
    save.mutate(
      { legalName, nif, vatPercent: Number(vat), serviceFeeCents: Math.round(euros * 100) },
      {
        onSuccess: (saved) => {
          setNif(saved.nif);
          toast.success(t('billing.saved'));
        },
        onError: (error) => {
          const text = errorText(error, t('billing.saveFailed'));
          if (error instanceof ApiRequestError && error.field) setErrors({ [error.field as Field]: text });
          else toast.error(text);
        },
      },
    );
  };

  const field = (name: Field, label: string, control: (props: object) => React.ReactNode) => {
    const fieldId = `${id}-${name}`;
    return (
      <div className="min-w-0">
        <label htmlFor={fieldId} className="mb-1 block text-sm font-semibold text-white/80">
          {label}
        </label>
        {control({
          id: fieldId,
          'aria-invalid': Boolean(errors[name]),
          'aria-describedby': errors[name] ? `${fieldId}-error` : undefined,
        })}
        {errors[name] && (
          <p id={`${fieldId}-error`} role="alert" className="mt-1 text-sm text-flame-500">
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  return (
    <form onSubmit={submit} className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2" lang={i18n.language}>
      {!current.configured && (
        <p role="note" className="text-sm text-amber-200 sm:col-span-2">
          {t('billing.notConfigured')}
        </p>
      )}
      {field('legalName', t('billing.legalName'), (p) => (
        <input {...p} className={input} value={legalName} onChange={(e) => setLegalName(e.target.value)} />
      ))}
      {field('nif', t('billing.nif'), (p) => (
        <input
          {...p}
          className={input}
          value={nif}
          autoCapitalize="characters"
          onChange={(e) => setNif(e.target.value)}
        />
      ))}
      {field('vatPercent', t('billing.vatPercent'), (p) => (
        <input
          {...p}
          className={input}
          inputMode="numeric"
          value={vat}
          onChange={(e) => setVat(e.target.value)}
        />
      ))}
      {field('serviceFeeCents', t('billing.serviceFee'), (p) => (
        <input
          {...p}
          className={input}
          inputMode="decimal"
          value={fee}
          onChange={(e) => setFee(e.target.value)}
        />
      ))}
      <button
        type="submit"
        disabled={save.isPending}
        className={`h-11 rounded-xl bg-gradient-to-r from-neon-600 to-flame-500 px-5 font-semibold text-white disabled:opacity-60 sm:col-span-2 sm:justify-self-start ${focusRing}`}
      >
        {t('billing.save')}
      </button>
    </form>
  );
}
