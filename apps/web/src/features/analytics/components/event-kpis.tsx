// A night's figures, one tile each: sold against capacity, revenue, expected at the door, entries, inside now,
// no-shows (once the night is over), transfers, cancellations and the promoters' share of the sales.
import { useTranslation } from 'react-i18next';
import type { EventAnalytics } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatPercent as percent, formatPrice } from '../../../lib/catalogue-format.ts';
import { Kpi } from './analytics-parts.tsx';

export function EventKpis({ data }: { data: EventAnalytics }) {
  const { t } = useTranslation('analytics');
  const locale = useLocale();
  const num = (n: number) => n.toLocaleString(locale);
  const s = data.summary;
  return (
    <div className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
      <Kpi
        label={t('kpi.sold')}
        value={num(s.sold)}
        detail={t('kpi.ofCapacity', { capacity: num(s.capacity) })}
      />
      <Kpi
        label={t('kpi.revenue')}
        value={formatPrice(s.revenueCents, locale)}
        detail={t('kpi.revenueDetail')}
      />
      <Kpi
        label={t('kpi.expectedAtDoor')}
        value={formatPrice(s.expectedAtDoorCents, locale)}
        detail={t('kpi.expectedAtDoorDetail')}
      />
      <Kpi
        label={t('kpi.checkedIn')}
        value={num(s.checkedIn)}
        detail={percent(s.sold ? s.checkedIn / s.sold : null, locale)}
      />
      <Kpi label={t('kpi.insideNow')} value={num(s.insideNow)} />
      <Kpi
        label={t('kpi.noShow')}
        value={percent(s.noShowRate, locale)}
        detail={s.noShowRate === null ? t('kpi.noShowLater') : undefined}
      />
      <Kpi label={t('kpi.transfers')} value={num(s.transfers)} />
      <Kpi label={t('kpi.cancellations')} value={num(s.cancellations)} />
      <Kpi
        label={t('kpi.promoterShare')}
        value={percent(
          s.sold ? (data.byChannel.find((c) => c.channel === 'promoter')?.sold ?? 0) / s.sold : null,
          locale,
        )}
      />
    </div>
  );
}
