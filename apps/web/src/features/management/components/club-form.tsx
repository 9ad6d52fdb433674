// A club's details: name and short address, barrio, street address with its position, music, opening days and
// hours, entry rules, prices, aforo and social links. Used to create and to edit.
import { BARRIOS, GENRES, WEEKDAYS } from '@nocturna/shared/catalogue-values';
import { foldForSearch } from '@nocturna/shared/text';
import type { ClubInput, ManagedClub } from '@nocturna/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChipToggles, FormSection } from './form-fields.tsx';
import { Field, Input, TextArea, Select } from '../../../components/ui/field.tsx';
import { showServerError } from './server-errors.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { Button } from '../../../components/ui/button.tsx';

type Values = Omit<ClubInput, 'instagram' | 'website'> & { instagram: string; website: string };
const FIELDS = [
  'name',
  'slug',
  'barrio',
  'address',
  'latitude',
  'longitude',
  'description',
  'genres',
  'openingDays',
  'openingHours',
  'minimumAge',
  'dressCode',
  'priceRange',
  'capacity',
  'instagram',
  'website',
] as const;

const slugOf = (name: string) =>
  foldForSearch(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);

function initialValues(club?: ManagedClub): Values {
  return {
    name: club?.name ?? '',
    slug: club?.slug ?? '',
    barrio: (club?.barrio ?? 'Malasaña') as Values['barrio'],
    address: club?.address ?? '',
    latitude: club?.latitude ?? 40.4168,
    longitude: club?.longitude ?? -3.7038,
    description: club?.description ?? '',
    genres: (club?.genres ?? []) as Values['genres'],
    openingDays: club?.openingDays ?? ['FRI', 'SAT'],
    openingHours: club?.openingHours ?? '00:00–06:00',
    minimumAge: club?.minimumAge ?? 18,
    dressCode: club?.dressCode ?? 'Libre',
    priceRange: club?.priceRange ?? '10–20 €',
    capacity: club?.capacity ?? 300,
    instagram: club?.instagram ?? '',
    website: club?.website ?? '',
  };
}

export function ClubForm({
  club,
  submitLabel,
  onSubmit,
}: {
  club?: ManagedClub;
  submitLabel: string;
  onSubmit: (input: ClubInput) => Promise<unknown>;
}) {
  const { t } = useTranslation('manage');
  const errorText = useErrorText();
  const { t: tc } = useTranslation('catalogue');
  const form = useForm<Values>({ defaultValues: initialValues(club) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const required = { value: true, message: t('form.required') };
  const submit = form.handleSubmit(async (v) => {
    try {
      await onSubmit({
        ...v,
        latitude: Number(v.latitude),
        longitude: Number(v.longitude),
        minimumAge: Number(v.minimumAge),
        capacity: Number(v.capacity),
        instagram: v.instagram.trim() || null,
        website: v.website.trim() || null,
      });
      form.reset(v);
    } catch (error) {
      showServerError(error, form.setError, FIELDS, errorText(error, t('form.saveFailed')));
    }
  });
  const nameField = form.register('name', {
    required,
    onChange: (e: { target: { value: string } }) => {
      if (!club && !form.getFieldState('slug').isDirty) form.setValue('slug', slugOf(e.target.value));
    },
  });
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-5" aria-label={t('club.formLabel')}>
      <FormSection title={t('club.details')}>
        <Field label={t('club.name')} error={errors.name?.message}>
          <Input autoComplete="off" {...nameField} />
        </Field>
        <Field label={t('club.slug')} error={errors.slug?.message} hint={t('club.slugHint')}>
          <Input autoComplete="off" {...form.register('slug', { required })} />
        </Field>
        <Field label={t('club.description')} error={errors.description?.message}>
          <TextArea rows={4} {...form.register('description')} />
        </Field>
        <Controller
          control={form.control}
          name="genres"
          render={({ field }) => (
            <ChipToggles
              label={t('club.genres')}
              options={GENRES}
              value={field.value}
              onChange={field.onChange}
              labelOf={(g) => tc(`genres.${g}`)}
            />
          )}
        />
      </FormSection>
      <FormSection title={t('club.where')}>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label={t('club.barrio')} error={errors.barrio?.message}>
            <Select {...form.register('barrio')}>
              {BARRIOS.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('club.address')} error={errors.address?.message}>
            <Input autoComplete="street-address" {...form.register('address', { required })} />
          </Field>
          <Field label={t('club.latitude')} error={errors.latitude?.message}>
            <Input type="number" step="0.0001" {...form.register('latitude', { valueAsNumber: true })} />
          </Field>
          <Field label={t('club.longitude')} error={errors.longitude?.message} hint={t('club.positionHint')}>
            <Input type="number" step="0.0001" {...form.register('longitude', { valueAsNumber: true })} />
          </Field>
          <PositionCheck latitude={form.watch('latitude')} longitude={form.watch('longitude')} />
        </div>
      </FormSection>
      <FormSection title={t('club.nights')}>
        <Controller
          control={form.control}
          name="openingDays"
          render={({ field }) => (
            <ChipToggles
              label={t('club.openingDays')}
              options={WEEKDAYS}
              value={field.value}
              onChange={field.onChange}
              labelOf={(d) => tc(`weekdays.${d}`)}
            />
          )}
        />
        {errors.openingDays?.message && (
          <p role="alert" className="text-sm text-flame-500">
            {errors.openingDays.message}
          </p>
        )}
        <div className="grid grid-cols-2 gap-3">
          <Field label={t('club.openingHours')} error={errors.openingHours?.message}>
            <Input {...form.register('openingHours', { required })} />
          </Field>
          <Field label={t('club.capacity')} error={errors.capacity?.message}>
            <Input type="number" min={1} {...form.register('capacity', { valueAsNumber: true })} />
          </Field>
          <Field label={t('club.minimumAge')} error={errors.minimumAge?.message}>
            <Input
              type="number"
              min={16}
              max={30}
              {...form.register('minimumAge', { valueAsNumber: true })}
            />
          </Field>
          <Field label={t('club.priceRange')} error={errors.priceRange?.message}>
            <Input {...form.register('priceRange', { required })} />
          </Field>
          <Field label={t('club.dressCode')} error={errors.dressCode?.message} className="col-span-2">
            <Input {...form.register('dressCode', { required })} />
          </Field>
        </div>
      </FormSection>
      <FormSection title={t('club.links')}>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label={t('club.instagram')} error={errors.instagram?.message}>
            <Input placeholder="@sala" {...form.register('instagram')} />
          </Field>
          <Field label={t('club.website')} error={errors.website?.message}>
            <Input type="url" placeholder="https://" {...form.register('website')} />
          </Field>
        </div>
      </FormSection>
      <div className="sticky bottom-20 z-10 flex justify-end lg:bottom-4">
        <Button type="submit" disabled={isSubmitting || (Boolean(club) && !isDirty)}>
          {isSubmitting ? t('form.saving') : submitLabel}
        </Button>
      </div>
    </form>
  );
}

// The coordinates on a real map, to check the pin is on the club's door before saving.
function PositionCheck({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { t } = useTranslation('manage');
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const url = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`;
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="text-sm font-semibold text-neon-300 underline sm:col-span-2"
    >
      {t('club.checkPosition')}
    </a>
  );
}
