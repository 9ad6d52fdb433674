type Option = { value: string; label: string };
type Props = {
  label: string;
  value: string;
  anyLabel: string;
  options: Option[];
  onChange: (value: string | undefined) => void;
  name: string;
};

export function FilterSelect({ label, value, anyLabel, options, onChange, name }: Props) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs font-medium uppercase tracking-wide text-white/50">
      {label}
      <select
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value || undefined)}
        className={`w-full rounded-xl border bg-night-900 px-3 py-2 text-sm normal-case tracking-normal focus:border-neon-500 focus:outline-none ${value ? 'border-neon-500/60 text-white' : 'border-night-700 text-white/80'}`}
      >
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function FilterDate({
  label,
  value,
  min,
  onChange,
  name,
}: {
  label: string;
  value: string;
  min?: string;
  onChange: (value: string | undefined) => void;
  name: string;
}) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs font-medium uppercase tracking-wide text-white/50">
      {label}
      <input
        type="date"
        name={name}
        value={value}
        min={min}
        onChange={(e) => onChange(e.target.value || undefined)}
        className={`w-full rounded-xl border bg-night-900 px-3 py-2 text-sm normal-case tracking-normal [color-scheme:dark] focus:border-neon-500 focus:outline-none ${value ? 'border-neon-500/60 text-white' : 'border-night-700 text-white/80'}`}
      />
    </label>
  );
}
