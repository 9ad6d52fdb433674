// The event's details: name, night (Madrid time; an end before the start is the next morning), music,
// line-up, entry rules, the live wall's privacy and moderation. Used to create and to edit.
import { GENRES } from '@nocturna/shared/catalogue-values';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EventInput } from '@nocturna/shared';
import { ChipToggles, FormSection } from './form-fields.tsx';
import { Field, Input, TextArea, Select } from '../../../components/ui/field.tsx';
import { EVENT_FIELDS, toInput, type EventFormValues } from './event-form-values.ts';
import { LineupEditor } from './lineup-editor.tsx';
import { showServerError } from './server-errors.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { Button } from '../../../components/ui/button.tsx';

export function EventForm({
  initial,
  clubs,
  submitLabel,
  onSubmit,
}: {
  initial: EventFormValues;
  clubs: { id: string; name: string }[] | null;
  submitLabel: string;
  onSubmit: (input: EventInput) => Promise<unknown>;
}) {
  const { t } = useTranslation('manage');
  const errorText = useErrorText();
  const { t: tc } = useTranslation('catalogue');
  const form = useForm<EventFormValues>({ defaultValues: initial });
  const { errors, isSubmitting, isDirty } = form.formState;
  const required = { value: true, message: t('form.required') };

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(toInput(values));
      form.reset(values);
    } catch (error) {
      showServerError(error, form.setError, EVENT_FIELDS, errorText(error, t('form.saveFailed')));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-5" aria-label={t('event.formLabel')}>
      <FormSection title={t('event.details')}>
        {clubs && (
          <Field label={t('event.club')} error={errors.clubId?.message}>
            <Select {...form.register('clubId', { required })}>
              {clubs.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field label={t('event.name')} error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name', { required })} />
        </Field>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Field label={t('event.date')} error={errors.date?.message} className="col-span-2 sm:col-span-1">
            <Input type="date" {...form.register('date', { required })} />
          </Field>
          <Field label={t('event.startTime')} error={errors.startTime?.message}>
            <Input type="time" {...form.register('startTime', { required })} />
          </Field>
          <Field label={t('event.endTime')} error={errors.endTime?.message} hint={t('event.endHint')}>
            <Input type="time" {...form.register('endTime', { required })} />
          </Field>
        </div>
        <Field label={t('event.description')} error={errors.description?.message}>
          <TextArea rows={4} {...form.register('description')} />
        </Field>
        <Controller
          control={form.control}
          name="genres"
          render={({ field }) => (
            <ChipToggles
              label={t('event.genres')}
              options={GENRES}
              value={field.value as (typeof GENRES)[number][]}
              onChange={field.onChange}
              labelOf={(g) => tc(`genres.${g}`)}
            />
          )}
        />
        {errors.genres?.message && (
          <p role="alert" className="text-sm text-flame-500">
            {errors.genres.message}
          </p>
        )}
      </FormSection>

      <FormSection title={t('event.lineupTitle')}>
        <LineupEditor
          control={form.control}
          register={form.register}
          errors={{ lineup: errors.lineup?.message }}
        />
      </FormSection>

      <FormSection title={t('event.rules')}>
        <div className="grid grid-cols-2 gap-3">
          <Field label={t('event.minimumAge')} error={errors.minimumAge?.message}>
            <Input
              type="number"
              min={16}
              max={30}
              {...form.register('minimumAge', { valueAsNumber: true })}
            />
          </Field>
          <Field label={t('event.dressCode')} error={errors.dressCode?.message}>
            <Input {...form.register('dressCode')} />
          </Field>
          <Field label={t('event.gallery')} error={errors.gallery?.message}>
            <Select {...form.register('gallery')}>
              <option value="attendees">{t('event.galleryAttendees')}</option>
              <option value="public">{t('event.galleryPublic')}</option>
            </Select>
          </Field>
          <Field label={t('event.moderation')} error={errors.wallModeration?.message}>
            <Select {...form.register('wallModeration')}>
              <option value="post">{t('event.moderationPost')}</option>
              <option value="pre">{t('event.moderationPre')}</option>
            </Select>
          </Field>
        </div>
        <label className="flex items-start gap-3 text-sm text-white/80">
          <input
            type="checkbox"
            className="mt-1 size-4 accent-neon-500"
            {...form.register('allowOverCapacity')}
          />
          <span>
            {t('event.allowOverCapacity')}
            {errors.allowOverCapacity?.message && (
              <span role="alert" className="mt-1 block text-flame-500">
                {errors.allowOverCapacity.message}
              </span>
            )}
          </span>
        </label>
      </FormSection>

      <div className="sticky bottom-20 z-10 flex justify-end lg:bottom-4">
        <Button type="submit" disabled={isSubmitting || (!isDirty && Boolean(initial.name))}>
          {isSubmitting ? t('form.saving') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
