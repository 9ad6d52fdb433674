// The management forms' building blocks: a labelled field with its error, and the input styles.
import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';
import { focusRing } from '../../../components/focus-ring.ts';

// The app's shared input styles, re-exported for the management forms.
export { inputClass, textareaClass } from '../../../components/ui/field.ts';
export const cardClass = 'rounded-2xl border border-white/10 bg-night-900 p-4 sm:p-5';

type Control = ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;

export function Field({
  label,
  error,
  hint,
  children,
  className = '',
}: {
  label: string;
  error?: string;
  hint?: string;
  children: Control;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-white/80">
        {label}
      </label>
      {cloneElement(children, { id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-white/50">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-flame-500">
          {error}
        </p>
      )}
    </div>
  );
}

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={`${cardClass} grid grid-cols-1 gap-4`}>
      <legend className="sr-only">{title}</legend>
      <h2 aria-hidden="true" className="text-lg font-bold text-white">
        {title}
      </h2>
      {children}
    </fieldset>
  );
}

// Toggle chips for a fixed list (genres, opening days).
export function ChipToggles<T extends string>({
  label,
  options,
  value,
  onChange,
  labelOf,
}: {
  label: string;
  options: readonly T[];
  value: T[];
  onChange: (next: T[]) => void;
  labelOf: (option: T) => string;
}) {
  return (
    <div role="group" aria-label={label}>
      <p className="mb-1 text-sm font-semibold text-white/80">{label}</p>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const on = value.includes(option);
          return (
            <button
              key={option}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(on ? value.filter((v) => v !== option) : [...value, option])}
              className={`h-9 rounded-full border px-3 text-sm font-semibold ${on ? 'border-neon-500 bg-neon-600/30 text-white' : 'border-white/15 text-white/70 hover:text-white'} ${focusRing}`}
            >
              {labelOf(option)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
