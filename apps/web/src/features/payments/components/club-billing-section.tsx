// The club editor's "card payments and receipts" card: legal name, NIF, IVA % and booking fee per ticket. The
// server checks the values (and the club's CEO); its field errors show under their inputs.
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ClubBilling } from '@nocturna/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { formatAmount } from '../../../lib/catalogue-format.ts';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { useClubBilling, useSaveClubBilling, type ClubBillingView } from '../api/club-billing.ts';

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

type BillingField = keyof ClubBilling;

function BillingForm({ clubId, current }: { clubId: string; current: ClubBillingView }) {
  const { t, i18n } = useTranslation('payments');
  const errorText = useErrorText();
  const save = useSaveClubBilling(clubId);
  const [legalName, setLegalName] = useState(current.legalName);
  const [nif, setNif] = useState(current.nif);
  const [vat, setVat] = useState(String(current.vatPercent));
  const locale = useLocale();
  const [fee, setFee] = useState(formatAmount(current.serviceFeeCents, locale));
  const [errors, setErrors] = useState<Partial<Record<BillingField, string>>>({});

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
          if (error instanceof ApiRequestError && error.field)
            setErrors({ [error.field as BillingField]: text });
          else toast.error(text);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2" lang={i18n.language}>
      {!current.configured && (
        <p role="note" className="text-sm text-amber-200 sm:col-span-2">
          {t('billing.notConfigured')}
        </p>
      )}
      <Field label={t('billing.legalName')} error={errors.legalName}>
        <Input value={legalName} onChange={(e) => setLegalName(e.target.value)} />
      </Field>
      <Field label={t('billing.nif')} error={errors.nif}>
        <Input value={nif} autoCapitalize="characters" onChange={(e) => setNif(e.target.value)} />
      </Field>
      <Field label={t('billing.vatPercent')} error={errors.vatPercent}>
        <Input inputMode="numeric" value={vat} onChange={(e) => setVat(e.target.value)} />
      </Field>
      <Field label={t('billing.serviceFee')} error={errors.serviceFeeCents}>
        <Input inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value)} />
      </Field>
      <Button
        type="submit"
        shape="block"
        disabled={save.isPending}
        tone="brand"
        className="sm:col-span-2 sm:justify-self-start"
      >
        {t('billing.save')}
      </Button>
    </form>
  );
}
