// Every password input of the app: a TextField with a button that shows or hides what was typed. The button is a
// toggle: its name stays "Mostrar contraseña" and aria-pressed says whether the password is shown.
import { forwardRef, useState, type ComponentProps } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from './focus-ring.ts';
import { TextField } from './text-field.tsx';

type Props = Omit<ComponentProps<typeof TextField>, 'type' | 'action' | 'trailing'>;

export const PasswordField = forwardRef<HTMLInputElement, Props>(function PasswordField(props, ref) {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <TextField
      ref={ref}
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
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
    />
  );
});
