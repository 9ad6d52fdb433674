// Step 1 of sign-up (and of completing a Google profile): first name, last name and a username checked live.
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UsernameCheck } from '../use-username-check.ts';
import { TextField } from './text-field.tsx';
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
          <TextField
            label={t('fields.firstName')}
            autoComplete="given-name"
            error={err.firstName?.message}
            {...reg('firstName')}
          />
          <TextField
            label={t('fields.lastName')}
            autoComplete="family-name"
            error={err.lastName?.message}
            {...reg('lastName')}
          />
        </div>
      )}
      <TextField
        label={t('fields.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={live ?? (settled ? undefined : err.username?.message)}
        hint={<UsernameHint check={username} />}
        trailing={<UsernameIcon status={username.status} />}
        {...reg('username')}
      />
    </>
  );
}
