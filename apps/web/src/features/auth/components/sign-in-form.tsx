// E-mail + password sign-in. Success toasts 'Signed in successfully!'; failures show the
// provider's message or 'An error occurred'.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { focusRing } from '../../../components/focus-ring.ts';
import { Button } from '../../../components/ui/button.tsx';
import { authClient } from '../auth-client.ts';
import { authErrorMessage } from '../auth-errors.ts';
import { authKeys } from '../api/auth-keys.ts';
import { Field, Input } from '../../../components/ui/field.tsx';
import { AppLink } from '../../../components/app-link.tsx';
import { closeAuthModal } from '../auth-modal-store.ts';
import { PasswordField } from '../../../components/password-field.tsx';

export function SignInForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation(['auth', 'errors']);
  const queryClient = useQueryClient();
  const schema = z.object({
    email: z.email(t('validation.email')),
    password: z.string().min(1, t('validation.required')),
  });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { error } = await authClient.signIn.email({
        email: values.email.trim(),
        password: values.password,
      });
      if (error) {
        toast.error(authErrorMessage(t, error));
        return;
      }
      queryClient.removeQueries({ queryKey: authKeys.all, type: 'inactive' });
      toast.success(t('toasts.signInSuccess'));
      onSuccess();
    } catch {
      toast.error(t('toasts.generic'));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label={t('fields.email')} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <PasswordField
        label={t('fields.password')}
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <AppLink
        to="/olvide-contrasena"
        onClick={closeAuthModal}
        className={`-mt-2 self-end text-sm font-medium text-neon-300 hover:text-neon-200 ${focusRing}`}
      >
        {t('forgotPassword')}
      </AppLink>
      <Button shape="block" type="submit" disabled={isSubmitting}>
        {t('submitSignIn')}
      </Button>
    </form>
  );
}
