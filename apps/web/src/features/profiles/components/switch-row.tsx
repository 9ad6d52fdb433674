// A labelled on/off switch with a line saying what it does (the settings page's look).
import { useId } from 'react';

type Props = {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (next: boolean) => void;
};

export function SwitchRow({ label, description, checked, disabled, onChange }: Props) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <p id={`${id}-label`} className="font-semibold text-white">
          {label}
        </p>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-white/60">
          {description}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-neon-400 focus-visible:outline-none disabled:opacity-50 ${
          checked ? 'bg-neon-500' : 'bg-white/20'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6' : 'translate-x-1'}`}
        />
      </button>
    </div>
  );
}
