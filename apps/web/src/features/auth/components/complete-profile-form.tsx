// A new Google user has an account but no username or profile yet: they complete it, and accept the terms of use
// and the privacy policy, before continuing.
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { authClient } from '../auth-client.ts';
import { authErrorMessage } from '../auth-errors.ts';
import { completeProfileSchema, type CompleteProfileValues } from '../profile-schema.ts';
import { useUsernameCheck } from '../use-username-check.ts';
import { IdentityStep } from './identity-step.tsx';
import { ProfileStep } from './profile-step.tsx';
import { TermsConsent } from './terms-consent.tsx';
import { Button } from '../../../components/ui/button.tsx';

const FIELDS: FieldPath<CompleteProfileValues>[] = [
  'firstName',
  'lastName',
  'username',
  'phoneNumber',
  'dateOfBirth',
  'gender',
  'acceptTerms',
];

export function CompleteProfileForm({
  defaults,
  onDone,
}: {
  defaults: Partial<CompleteProfileValues>;
  onDone: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const form = useForm<CompleteProfileValues>({
    resolver: zodResolver(completeProfileSchema(t)),
    // Once Next has shown an error, it clears as soon as the field is fixed.
    mode: 'onChange',
    defaultValues: {
      firstName: '',
      lastName: '',
      username: '',
      phoneNumber: '',
      dateOfBirth: '',
      acceptTerms: false,
      ...defaults,
    },
  });
  const username = useUsernameCheck(form.watch('username') ?? '');
  const submit = form.handleSubmit(async (values) => {
    if (!(await form.trigger(FIELDS))) return;
    if ((await username.recheck()).status !== 'available') return;
    const { error } = await authClient.updateUser({
      name: `${values.firstName} ${values.lastName}`,
      username: values.username,
      firstName: values.firstName,
      lastName: values.lastName,
      phoneNumber: values.phoneNumber,
      dateOfBirth: values.dateOfBirth,
      gender: values.gender,
      acceptTerms: values.acceptTerms,
    });
    if (error) {
      toast.error(authErrorMessage(t, error));
      return;
    }
    toast.success(t('toasts.profileSaved'));
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <IdentityStep register={form.register} errors={form.formState.errors} username={username} />
      <ProfileStep register={form.register} errors={form.formState.errors} />
      <TermsConsent
        registration={form.register('acceptTerms')}
        error={form.formState.errors.acceptTerms?.message}
      />
      <Button shape="block" type="submit" disabled={form.formState.isSubmitting}>
        {t('completeProfile.save')}
      </Button>
    </form>
  );
}
