// Editing my profile in place: names, username, bio, Instagram and favourite genres. Only what changed is sent;
// each field shows its own problem, from the shared contract in the browser and from the server (a username
// someone else took a second ago) after saving.
import { Controller, useForm, type FieldErrors as HookErrors } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { OwnProfile } from '@nocturna/shared';
import { BIO_MAX_LENGTH, FAVOURITE_GENRES_MAX } from '@nocturna/shared/profiles';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import {
  changesBetween,
  formValuesOf,
  validateChanges,
  type ProfileField,
  type ProfileFormValues,
} from '../profile-form.ts';
import { Field, Input, TextArea } from '../../../components/ui/field.tsx';
import { GenrePicker } from './genre-picker.tsx';
import { Button } from '../../../components/ui/button.tsx';

const FIELDS: readonly ProfileField[] = [
  'firstName',
  'lastName',
  'username',
  'bio',
  'instagram',
  'favouriteGenres',
];

export function ProfileForm({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
  const { t } = useTranslation('profiles');
  const errorText = useErrorText();
  const initial = formValuesOf(profile);
  const form = useForm<ProfileFormValues>({
    defaultValues: initial,
    resolver: async (values) => {
      const problems = validateChanges(changesBetween(initial, values));
      if (Object.keys(problems).length === 0) return { values, errors: {} };
      const errors: HookErrors<ProfileFormValues> = {};
      for (const [field, key] of Object.entries(problems))
        errors[field as ProfileField] = { type: 'validate', message: key };
      return { values: {}, errors };
    },
  });
  const save = useUpdateProfile(profile.id, onDone);
  const bio = form.watch('bio');
  const message = (field: ProfileField) => {
    const text = form.formState.errors[field]?.message;
    return text ? (text.startsWith('errors.') ? t(text) : text) : undefined;
  };

  const submit = form.handleSubmit((values) => {
    const change = changesBetween(initial, values);
    if (Object.keys(change).length === 0) return onDone();
    save.mutate(change, {
      onSuccess: () => toast.success(t('saved')),
      onError: (error) => {
        if (
          error instanceof ApiRequestError &&
          error.field &&
          (FIELDS as readonly string[]).includes(error.field)
        ) {
          form.setError(
            error.field as ProfileField,
            { message: errorText(error, t('saveFailed')) },
            { shouldFocus: true },
          );
        } else toast.error(errorText(error, t('saveFailed')));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('editTitle')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fields.firstName')} error={message('firstName')}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </Field>
        <Field label={t('fields.lastName')} error={message('lastName')}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </Field>
      </div>
      <Field label={t('fields.username')} error={message('username')}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.register('username')}
        />
      </Field>
      <Field
        label={t('fields.bio')}
        error={message('bio')}
        hint={t('fields.bioCount', { count: bio.trim().length, max: BIO_MAX_LENGTH })}
      >
        <TextArea
          maxLength={BIO_MAX_LENGTH + 50}
          placeholder={t('fields.bioPlaceholder')}
          {...form.register('bio')}
        />
      </Field>
      <Field label={t('fields.instagram')} error={message('instagram')}>
        <Input
          placeholder="@usuario"
          autoCapitalize="none"
          spellCheck={false}
          {...form.register('instagram')}
        />
      </Field>
      <div className="flex flex-col gap-2">
        <p id="genres-label" className="text-sm font-medium text-white/80">
          {t('fields.genres', { max: FAVOURITE_GENRES_MAX })}
        </p>
        <Controller
          control={form.control}
          name="favouriteGenres"
          render={({ field }) => (
            <GenrePicker
              value={field.value}
              onChange={field.onChange}
              labelId="genres-label"
              describedBy={message('favouriteGenres') ? 'genres-error' : undefined}
            />
          )}
        />
        {message('favouriteGenres') && (
          <p id="genres-error" role="alert" className="text-xs text-flame-500">
            {message('favouriteGenres')}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2 pt-1">
        <Button tone="secondary" type="button" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}
