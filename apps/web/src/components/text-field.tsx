// A labelled input with its error, wired for screen readers.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { inputClass } from './ui/field.ts';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  trailing?: ReactNode;
  // A control inside the field's right edge (the password field's show/hide button); unlike `trailing`, it takes
  // clicks.
  action?: ReactNode;
};

// The shared input style; re-exported so the forms that style a bare input beside a TextField keep one import.
export { inputClass };

export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, error, hint, trailing, action, id, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const described = error || hint ? `${inputId}-note` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-white/80">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={Boolean(error)}
          aria-describedby={described}
          className={`${inputClass} ${trailing || action ? 'pr-12' : ''}`}
          {...rest}
        />
        {action && <span className="absolute inset-y-0 right-1 flex items-center">{action}</span>}
        {trailing && (
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center">{trailing}</span>
        )}
      </div>
      {(error || hint) && (
        <div
          id={described}
          className={`text-xs ${error ? 'text-flame-500' : 'text-white/50'}`}
          role={error ? 'alert' : undefined}
        >
          {error ?? hint}
        </div>
      )}
    </div>
  );
});
