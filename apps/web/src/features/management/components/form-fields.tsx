// The management forms' own building blocks: the card a form section sits in, and toggle chips. Fields and their
// controls are the app's shared ones (components/ui/field.tsx).
import type { ReactNode } from 'react';
import { focusRing } from '../../../components/focus-ring.ts';
import { cardClass } from '../../../components/ui/card.tsx';

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={`${cardClass({ padding: 'md-lg' })} grid grid-cols-1 gap-4`}>
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
