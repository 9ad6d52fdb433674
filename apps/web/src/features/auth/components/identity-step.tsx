// Step 1 of sign-up (and of completing a Google profile): first name, last name and a username checked live.
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UsernameCheck } from '../use-username-check.ts';
import { Field, Input } from '../../../components/ui/field.tsx';
import { UsernameHint, UsernameIcon, usernameMessage } from './username-status.tsx';

type Values = { firstName: string; lastName: string; username: string };

export function IdentityStep<T extends Values>({
  register,
  errors,
  username,
  showNames = true,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  username: UsernameCheck;
  showNames?: boolean;
}) {
  const { t } = useTranslation('auth');
  const reg = register as unknown as UseFormRegister<Values>;
  const err = errors as FieldErrors<Values>;
  const live = usernameMessage(t, username);
  // The live check is fresher than the form's last validation once it has an answer.
  const settled = username.status === 'available' || username.status === 'checking';
  return (
    <>
      {showNames && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('fields.firstName')} error={err.firstName?.message}>
            <Input autoComplete="given-name" {...reg('firstName')} />
          </Field>
          <Field label={t('fields.lastName')} error={err.lastName?.message}>
            <Input autoComplete="family-name" {...reg('lastName')} />
          </Field>
        </div>
      )}
      <Field
        label={t('fields.username')}
        error={live ?? (settled ? undefined : err.username?.message)}
        hint={<UsernameHint check={username} />}
        trailing={<UsernameIcon status={username.status} />}
      >
        <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...reg('username')} />
      </Field>
    </>
  );
}
