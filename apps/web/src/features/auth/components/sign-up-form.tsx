// The three-step sign-up: 1 names + username, 2 phone + birth date + gender, 3 e-mail + password.
// Each step's fields must pass before Next; the username is checked again on submit. The whole profile is
// sent with the account in one request, then 'Account created successfully!' and the page reloads.
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { SIGNUP_STEPS } from '@nocturna/shared/constants';
import { authClient } from '../auth-client.ts';
import { authErrorMessage, isPasswordRefusal } from '../auth-errors.ts';
import { signUpSchema, type SignUpValues } from '../profile-schema.ts';
import { useUsernameCheck } from '../use-username-check.ts';
import { reloadAfterSignUp } from '../reload-after-sign-up.ts';
import { IdentityStep } from './identity-step.tsx';
import { ProfileStep } from './profile-step.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { TermsConsent } from './terms-consent.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { Button } from '../../../components/ui/button.tsx';

const STEP_FIELDS: Record<number, FieldPath<SignUpValues>[]> = {
  1: ['firstName', 'lastName', 'username'],
  2: ['phoneNumber', 'dateOfBirth', 'gender'],
  3: ['email', 'password', 'acceptTerms'],
};

export const RELOAD_AFTER_SIGN_UP_MS = 1200;

export function SignUpForm() {
  const { t } = useTranslation(['auth', 'errors']);
  const [step, setStep] = useState(1);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema(t)),
    // Once Next has shown an error, it clears as soon as the field is fixed.
    mode: 'onChange',
    defaultValues: {
      firstName: '',
      lastName: '',
      username: '',
      phoneNumber: '',
      dateOfBirth: '',
      gender: undefined,
      email: '',
      password: '',
      acceptTerms: false,
    },
  });
  const username = useUsernameCheck(form.watch('username') ?? '');
  const { errors } = form.formState;

  const next = async () => {
    if (!(await form.trigger(STEP_FIELDS[step]))) return;
    if (step === 1) {
      const verdict = username.status === 'available' ? username : await username.recheck();
      if (verdict.status !== 'available') return;
    }
    setStep((s) => Math.min(SIGNUP_STEPS, s + 1));
  };

  const submit = form.handleSubmit(async (values) => {
    setSubmitting(true);
    try {
      const again = await username.recheck();
      if (again.status !== 'available') {
        setStep(1);
        return;
      }
      const { error } = await authClient.signUp.email({
        email: values.email.trim(),
        password: values.password,
        name: `${values.firstName.trim()} ${values.lastName.trim()}`,
        username: values.username.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phoneNumber: values.phoneNumber.trim(),
        dateOfBirth: values.dateOfBirth,
        gender: values.gender,
        acceptTerms: values.acceptTerms,
      });
      if (error) {
        if (error.code === 'USERNAME_IS_ALREADY_TAKEN') {
          await username.recheck();
          setStep(1);
        }
        // A refused password is said under the field, where it is fixed.
        if (isPasswordRefusal(error)) form.setError('password', { message: authErrorMessage(t, error) });
        else toast.error(authErrorMessage(t, error));
        return;
      }
      toast.success(t('toasts.signUpSuccess'));
      reloadAfterSignUp(RELOAD_AFTER_SIGN_UP_MS);
    } catch {
      toast.error(t('toasts.generic'));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form
      onSubmit={(e) => (step === SIGNUP_STEPS ? void submit(e) : (e.preventDefault(), void next()))}
      noValidate
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between text-xs font-medium text-white/60">
          <span>{t(`stepTitles.${step}` as 'stepTitles.1')}</span>
          <span>{t('stepOf', { step, total: SIGNUP_STEPS })}</span>
        </div>
        <div
          role="progressbar"
          aria-valuemin={1}
          aria-valuemax={SIGNUP_STEPS}
          aria-valuenow={step}
          aria-label={t('stepOf', { step, total: SIGNUP_STEPS })}
          className="h-1.5 overflow-hidden rounded-full bg-white/10"
        >
          <div
            className="h-full rounded-full bg-gradient-to-r from-neon-500 to-flame-500 transition-[width] duration-300"
            style={{ width: `${(step / SIGNUP_STEPS) * 100}%` }}
          />
        </div>
      </div>

      {step === 1 && <IdentityStep register={form.register} errors={errors} username={username} />}
      {step === 2 && <ProfileStep register={form.register} errors={errors} />}
      {step === 3 && (
        <>
          <Field label={t('fields.email')} error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </Field>
          <PasswordField
            label={t('fields.password')}
            autoComplete="new-password"
            error={errors.password?.message}
            hint={t('passwordHint')}
            {...form.register('password')}
          />
          <TermsConsent registration={form.register('acceptTerms')} error={errors.acceptTerms?.message} />
        </>
      )}

      <div className="flex gap-3">
        {step > 1 && (
          <Button
            type="button"
            tone="secondary"
            shape="block"
            onClick={() => setStep((s) => s - 1)}
            className="flex-1"
          >
            {t('previous')}
          </Button>
        )}
        <Button
          shape="block"
          type="submit"
          disabled={submitting || (step === 1 && username.status === 'checking')}
          className="flex-1"
        >
          {step === SIGNUP_STEPS ? t('createAccount') : t('next')}
        </Button>
      </div>
    </form>
  );
}
