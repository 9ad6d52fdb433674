// Add or edit one ticket type: name, price in euros, places, per-person limit, sales window, hidden with codes.
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ManagedTicketType, TicketTypeInput } from '@nocturna/shared';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import { showServerError } from './server-errors.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { formatAmount } from '../../../lib/catalogue-format.ts';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { Button } from '../../../components/ui/button.tsx';

type Values = {
  name: string;
  price: string;
  capacity: number;
  perPersonLimit: number;
  salesFrom: string;
  salesUntil: string;
  hidden: boolean;
  payment: 'door' | 'online';
  codes: string;
};
const FIELDS = [
  'name',
  'priceCents',
  'price',
  'capacity',
  'perPersonLimit',
  'salesFrom',
  'salesUntil',
  'hidden',
  'payment',
  'codes',
] as const;

// <input type="datetime-local"> speaks the device's wall clock, which for the club's people is Madrid's.
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

export function TicketTypeForm({
  type,
  onSubmit,
  onCancel,
}: {
  type?: ManagedTicketType;
  onSubmit: (input: TicketTypeInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('manage');
  const errorText = useErrorText();
  const locale = useLocale();
  const form = useForm<Values>({
    defaultValues: {
      name: type?.name ?? '',
      price: type ? formatAmount(type.price.cents, locale) : '',
      capacity: type?.capacity ?? 100,
      perPersonLimit: type?.perPersonLimit ?? 10,
      salesFrom: toLocalInput(type?.salesFrom ?? null),
      salesUntil: toLocalInput(type?.salesUntil ?? null),
      hidden: type?.hidden ?? false,
      payment: type?.kind === 'online' ? 'online' : 'door',
      codes: type?.codes.join(', ') ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (v) => {
    const price = Number(v.price.replace(',', '.'));
    if (!Number.isFinite(price) || price < 0) {
      form.setError('price', { message: t('types.priceInvalid') }, { shouldFocus: true });
      return;
    }
    try {
      await onSubmit({
        name: v.name.trim(),
        priceCents: Math.round(price * 100),
        capacity: Number(v.capacity),
        perPersonLimit: Number(v.perPersonLimit),
        salesFrom: fromLocalInput(v.salesFrom),
        salesUntil: fromLocalInput(v.salesUntil),
        hidden: v.hidden,
        payment: v.payment,
        codes: v.codes
          .split(/[\s,]+/)
          .map((c) => c.trim())
          .filter(Boolean),
      });
      if (!type) form.reset();
    } catch (error) {
      const e = error as { field?: string };
      if (e.field === 'priceCents') e.field = 'price';
      showServerError(error, form.setError, FIELDS, errorText(error, t('form.saveFailed')));
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid grid-cols-2 gap-3 sm:grid-cols-4"
      aria-label={type ? t('types.editLabel', { name: type.name }) : t('types.addLabel')}
    >
      <Field label={t('types.name')} error={errors.name?.message} className="col-span-2">
        <Input
          placeholder={t('types.namePlaceholder')}
          {...form.register('name', { required: { value: true, message: t('form.required') } })}
        />
      </Field>
      <Field label={t('types.price')} error={errors.price?.message}>
        <Input
          inputMode="decimal"
          placeholder="15,00"
          {...form.register('price', { required: { value: true, message: t('form.required') } })}
        />
      </Field>
      <Field label={t('types.capacity')} error={errors.capacity?.message}>
        <Input type="number" min={1} {...form.register('capacity', { valueAsNumber: true })} />
      </Field>
      <Field label={t('types.perPerson')} error={errors.perPersonLimit?.message}>
        <Input type="number" min={1} max={10} {...form.register('perPersonLimit', { valueAsNumber: true })} />
      </Field>
      <Field label={t('types.payment')} error={errors.payment?.message}>
        <Select {...form.register('payment')}>
          <option value="door">{t('types.paymentDoor')}</option>
          <option value="online">{t('types.paymentOnline')}</option>
        </Select>
      </Field>
      <Field label={t('types.salesFrom')} error={errors.salesFrom?.message}>
        <Input type="datetime-local" {...form.register('salesFrom')} />
      </Field>
      <Field
        label={t('types.salesUntil')}
        error={errors.salesUntil?.message}
        className="col-span-2 sm:col-span-1"
      >
        <Input type="datetime-local" {...form.register('salesUntil')} />
      </Field>
      <Field
        label={t('types.codes')}
        error={errors.codes?.message}
        hint={t('types.codesHint')}
        className="col-span-2 sm:col-span-1"
      >
        <Input autoComplete="off" {...form.register('codes')} />
      </Field>
      <label className="col-span-2 flex items-center gap-2 text-sm text-white/80 sm:col-span-4">
        <input type="checkbox" className="size-4 accent-neon-500" {...form.register('hidden')} />
        {t('types.hidden')}
      </label>
      <div className="col-span-2 flex flex-wrap justify-end gap-2 sm:col-span-4">
        {onCancel && (
          <Button tone="secondary" type="button" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {type ? t('types.save') : t('types.add')}
        </Button>
      </div>
    </form>
  );
}
