// A labelled input or textarea with its hint or error, wired for screen readers.
import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { focusRing } from '../../../components/focus-ring.ts';

const base = `w-full rounded-xl border border-white/10 bg-night-800 px-3 text-white placeholder:text-white/30 aria-[invalid=true]:border-flame-500 ${focusRing}`;

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
          className={`${base} h-11`}
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
        className={`${base} min-h-24 py-2`}
        {...rest}
      />
      <Note id={`${id}-note`} error={error} hint={hint} />
    </div>
  );
});
