// One of tonight's events on the CEO's dashboard: sold against places, who is inside, and the three things a
// CEO does with it at 2 a.m. (door, figures, edit).
import { BarChart3, Pencil, ScanLine } from 'lucide-react';
import { AppLink } from '../../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import type { DashboardEvent } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { formatTimeRange } from '../../../lib/catalogue-format.ts';
import { SoldBar } from './sold-bar.tsx';
import { StatusBadge } from './status-badge.tsx';
import { Card } from '../../../components/ui/card.tsx';

export function NightCard({
  event,
  analyticsBase,
}: {
  event: DashboardEvent;
  analyticsBase: 'admin' | 'ceo';
}) {
  const { t } = useTranslation('manage');
  const locale = useLocale();
  return (
    <Card
      as="article"
      tone="accent"
      padding="md"
      className="grid grid-cols-1 gap-3"
      data-testid="tonight-event"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate text-lg font-bold text-white">{event.name}</h3>
          <p className="text-sm text-white/60">
            {event.clubName} · {formatTimeRange(event.startAt, event.endAt, locale)}
          </p>
        </div>
        {event.status !== 'published' && <StatusBadge status={event.status} />}
      </div>
      <SoldBar
        sold={event.sold}
        capacity={event.capacity}
        label={t('dashboard.soldOf', { sold: event.sold, capacity: event.capacity })}
      />
      {event.capacity < event.aforo && (
        <p data-testid="aforo-on-sale" className="text-xs text-white/60 tabular-nums">
          {t('common:aforo.onSale', { onSale: event.capacity, capacity: event.aforo })}
        </p>
      )}
      <p className="text-3xl font-black text-white tabular-nums">
        {event.checkedIn}{' '}
        <span className="text-base font-semibold text-white/60">{t('dashboard.inside')}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <AppLink
          to={`/puerta/${event.id}`}
          aria-label={t('event.openDoorOf', { name: event.name })}
          className={buttonClass({ tone: 'secondary' })}
        >
          <ScanLine aria-hidden="true" className="size-4" /> {t('event.door')}
        </AppLink>
        <AppLink
          to={`/${analyticsBase}/evento/${event.id}/analytics`}
          aria-label={t('event.analyticsOf', { name: event.name })}
          className={buttonClass({ tone: 'secondary' })}
        >
          <BarChart3 aria-hidden="true" className="size-4" /> {t('event.analytics')}
        </AppLink>
        <AppLink
          to={`/gestion/eventos/${event.id}`}
          aria-label={t('event.editOf', { name: event.name })}
          className={buttonClass({ tone: 'secondary' })}
        >
          <Pencil aria-hidden="true" className="size-4" /> {t('dashboard.edit')}
        </AppLink>
      </div>
    </Card>
  );
}
