// What needs the CEO's attention: a night nearly sold out, a ticket type that has sold nothing 48 h before,
// a draft that opens in three days.
import { AlertTriangle } from 'lucide-react';
import { AppLink } from '../../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import type { DashboardAlert } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatNightName, formatPercent as percent } from '../../../lib/catalogue-format.ts';

export function AlertsList({ alerts }: { alerts: DashboardAlert[] }) {
  const { t } = useTranslation('manage');
  const locale = useLocale();
  if (alerts.length === 0) return null;
  return (
    <section aria-labelledby="alerts-title" className="grid grid-cols-1 gap-2">
      <h2 id="alerts-title" className="text-xl font-bold text-white">
        {t('dashboard.alerts')}
      </h2>
      <ul className="grid grid-cols-1 gap-2">
        {alerts.map((a) => (
          <li
            key={`${a.kind}-${a.eventId}-${a.typeName ?? ''}`}
            data-alert={a.kind}
            className="flex items-start gap-3 rounded-xl border border-amber-400/40 bg-amber-400/10 p-3"
          >
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
            <p className="text-sm text-white">
              {t(`alerts.${a.kind}`, {
                event: a.eventName,
                type: a.typeName,
                share: percent(a.share, locale),
                day: formatNightName(t, a.startAt, locale),
              })}{' '}
              <AppLink to={`/gestion/eventos/${a.eventId}`} className="font-semibold text-neon-300 underline">
                {t('alerts.open')}
              </AppLink>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
