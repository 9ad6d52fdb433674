// A club's figures over the period, one tile each: sold, revenue, expected at the door, entries, customers and how
// many came back, no-shows, entries per night and nights.
import { useTranslation } from 'react-i18next';
import type { ClubAnalytics } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatPercent as percent, formatPrice } from '../../../lib/catalogue-format.ts';
import { Kpi } from './analytics-parts.tsx';

export function ClubKpis({ totals }: { totals: ClubAnalytics['totals'] }) {
  const { t } = useTranslation('analytics');
  const locale = useLocale();
  const num = (n: number) => n.toLocaleString(locale);
  return (
    <div className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
      <Kpi label={t('kpi.sold')} value={num(totals.sold)} />
      <Kpi
        label={t('kpi.revenue')}
        value={formatPrice(totals.revenueCents, locale)}
        detail={t('kpi.revenueDetail')}
      />
      <Kpi
        label={t('kpi.expectedAtDoor')}
        value={formatPrice(totals.expectedAtDoorCents, locale)}
        detail={t('kpi.expectedAtDoorDetail')}
      />
      <Kpi label={t('kpi.checkedIn')} value={num(totals.checkedIn)} />
      <Kpi label={t('kpi.customers')} value={num(totals.customers)} />
      <Kpi
        label={t('kpi.repeat')}
        value={num(totals.repeatCustomers)}
        detail={percent(totals.customers ? totals.repeatCustomers / totals.customers : null, locale)}
      />
      <Kpi label={t('kpi.noShow')} value={percent(totals.noShowRate, locale)} />
      <Kpi
        label={t('kpi.perNight')}
        value={totals.events ? num(Math.round(totals.checkedIn / totals.events)) : '—'}
      />
      <Kpi label={t('kpi.nights')} value={num(totals.events)} />
    </div>
  );
}
