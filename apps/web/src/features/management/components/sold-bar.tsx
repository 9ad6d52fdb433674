// Sold against places as a bar with its figure: the shape a CEO reads at a glance at 2 a.m.
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatPercent } from '../../../lib/catalogue-format.ts';

export function SoldBar({ sold, capacity, label }: { sold: number; capacity: number; label: string }) {
  const locale = useLocale();
  const share = capacity > 0 ? Math.min(1, sold / capacity) : 0;
  const tone = share >= 0.9 ? 'bg-flame-500' : share >= 0.6 ? 'bg-amber-400' : 'bg-neon-500';
  return (
    <div>
      <div className="flex justify-between text-xs text-white/70">
        <span>{label}</span>
        <span>{formatPercent(share, locale)}</span>
      </div>
      <div
        className="mt-1 h-2 overflow-hidden rounded-full bg-white/10"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={capacity}
        aria-valuenow={sold}
      >
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}
