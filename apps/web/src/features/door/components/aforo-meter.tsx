// Who is inside now against capacity, live: the number big (entries − exits + re-entries), how many were let in
// under it, and a bar that turns amber near full and red over.
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Aforo } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';

export function AforoMeter({ aforo }: { aforo: Aforo | null }) {
  const { t } = useTranslation('door');
  const locale = useLocale();
  if (!aforo) return <p className="text-sm text-white/50">{t('aforo.unknown')}</p>;
  // Who is inside now (entries − exits + re-entries) is what fills the club.
  const inside = aforo.inside ?? aforo.entries;
  const share = aforo.capacity > 0 ? inside / aforo.capacity : 0;
  const colour = share >= 1 ? 'bg-red-500' : share >= 0.9 ? 'bg-amber-400' : 'bg-emerald-400';
  const number = new Intl.NumberFormat(locale);
  return (
    <div data-testid="aforo" className="min-w-0">
      <p className="flex items-center gap-2 text-xs font-bold tracking-widest text-white/50 uppercase">
        <Users aria-hidden="true" className="size-4" />
        {t('aforo.label')}
      </p>
      <p
        className="mt-1 text-3xl font-black text-white tabular-nums"
        aria-label={t('aforo.aria', { inside, capacity: aforo.capacity })}
      >
        <span data-testid="aforo-inside">{number.format(inside)}</span>
        <span className="text-white/40"> / {number.format(aforo.capacity)}</span>
      </p>
      {aforo.onSale !== undefined && aforo.onSale < aforo.capacity && (
        <p data-testid="aforo-on-sale" className="text-xs text-white/60 tabular-nums">
          {t('common:aforo.onSale', {
            onSale: number.format(aforo.onSale),
            capacity: number.format(aforo.capacity),
          })}
        </p>
      )}
      <p className="text-sm font-semibold text-white/70 tabular-nums">
        {t('aforo.entries')} <span data-testid="aforo-entries">{number.format(aforo.entries)}</span>
      </p>
      <div className="mt-2 h-2 w-full overflow-hidden rounded-full bg-white/10" aria-hidden="true">
        <div
          className={`h-full rounded-full transition-[width] ${colour}`}
          style={{ width: `${Math.min(100, share * 100)}%` }}
        />
      </div>
    </div>
  );
}
