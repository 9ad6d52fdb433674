// Every password input of the app: a field with a button that shows or hides what was typed. The button is a
// toggle: its name stays "Mostrar contraseña" and aria-pressed says whether the password is shown.
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from './focus-ring.ts';
import { Field, Input } from './ui/field.tsx';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
};

export const PasswordField = forwardRef<HTMLInputElement, Props>(function PasswordField(
  { label, error, hint, ...rest },
  ref,
) {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      action={
        <button
          type="button"
          aria-pressed={shown}
          aria-label={t('password.show')}
          onClick={() => setShown((value) => !value)}
          className={`flex size-9 items-center justify-center rounded-lg text-white/60 hover:bg-white/5 hover:text-white ${focusRing}`}
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      }
    >
      <Input
        ref={ref}
        {...rest}
        type={shown ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
      />
    </Field>
  );
});
