// A bar of how full something is (a list against its cupo, people in against sold), with its words beside it.
export function FillBar({ value, max, label }: { value: number; max: number; label: string }) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <div className="grid gap-1">
      <div
        className="h-2 overflow-hidden rounded-full bg-white/10"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-label={label}
      >
        <div className="h-full rounded-full bg-neon-500" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <p className="text-xs text-white/60">{label}</p>
    </div>
  );
}
