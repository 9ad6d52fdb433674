import { useTranslation } from 'react-i18next';
import { TONIGHT_STATES } from '@nocturna/shared/explore-values';

const DOT: Record<(typeof TONIGHT_STATES)[number], string> = {
  live: 'bg-flame-500',
  tonight: 'bg-neon-500',
  none: 'bg-slate-400',
};

// What the markers' colours mean.
export function MarkerLegend({ className = '' }: { className?: string }) {
  const { t } = useTranslation('explore');
  return (
    <ul
      aria-label={t('legend')}
      className={`flex flex-wrap gap-x-4 gap-y-1 text-xs text-white/70 ${className}`}
    >
      {TONIGHT_STATES.map((state) => (
        <li key={state} className="inline-flex items-center gap-1.5">
          <span aria-hidden className={`size-2.5 rounded-full ${DOT[state]}`} />
          {t(`tonightState.${state}`)}
        </li>
      ))}
      <li className="inline-flex items-center gap-1.5">
        <span aria-hidden className="size-2 rounded-full bg-night-700 ring-2 ring-white/15" />
        {t('muted')}
      </li>
    </ul>
  );
}
