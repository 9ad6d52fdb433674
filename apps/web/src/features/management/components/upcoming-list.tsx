// The next events of the clubs someone runs: date, name, state, how they are selling; each opens its editor.
import { AppLink } from '../../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import type { DashboardEvent } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { focusRing } from '../../../components/focus-ring.ts';
import { formatNightName, formatTime } from '../../../lib/catalogue-format.ts';
import { StatusBadge } from './status-badge.tsx';

export function UpcomingList({ events }: { events: DashboardEvent[] }) {
  const { t } = useTranslation('manage');
  const locale = useLocale();
  if (events.length === 0) return <p className="text-sm text-white/60">{t('dashboard.noUpcoming')}</p>;
  return (
    <ul className="grid grid-cols-1 gap-2">
      {events.map((e) => (
        <li key={e.id}>
          <AppLink
            to={`/gestion/eventos/${e.id}`}
            className={`flex items-center gap-3 rounded-xl border border-white/10 bg-night-900 p-3 hover:border-neon-500/50 ${focusRing}`}
          >
            <div className="w-16 shrink-0 text-center">
              <p className="text-xs font-semibold text-neon-300 uppercase">
                {formatNightName(t, e.startAt, locale)}
              </p>
              <p className="text-sm text-white/70">{formatTime(e.startAt, locale)}</p>
            </div>
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-white">{e.name}</p>
              <p className="truncate text-xs text-white/60">
                {e.clubName} · {t('dashboard.soldOf', { sold: e.sold, capacity: e.capacity })}
              </p>
            </div>
            {e.status !== 'published' && <StatusBadge status={e.status} />}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
