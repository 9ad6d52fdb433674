// A labelled input or textarea with its hint or error, wired for screen readers.
import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { inputClass, textareaClass } from '../../../components/ui/field.ts';

type Common = { label: string; error?: string; hint?: ReactNode };

function Note({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (!error && !hint) return null;
  return (
    <div
      id={id}
      className={`text-xs ${error ? 'text-flame-500' : 'text-white/50'}`}
      role={error ? 'alert' : undefined}
    >
      {error ?? hint}
    </div>
  );
}

export const InputField = forwardRef<HTMLInputElement, Common & InputHTMLAttributes<HTMLInputElement>>(
  function InputField({ label, error, hint, ...rest }, ref) {
    const id = useId();
    return (
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-white/80">
          {label}
        </label>
        <input
          ref={ref}
          id={id}
          aria-invalid={Boolean(error)}
          aria-describedby={error || hint ? `${id}-note` : undefined}
          className={inputClass}
          {...rest}
        />
        <Note id={`${id}-note`} error={error} hint={hint} />
      </div>
    );
  },
);

export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  Common & TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextAreaField({ label, error, hint, ...rest }, ref) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-white/80">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        className={textareaClass}
        {...rest}
      />
      <Note id={`${id}-note`} error={error} hint={hint} />
    </div>
  );
});
