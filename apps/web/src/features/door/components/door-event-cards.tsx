// Tonight's events I may scan, as cards with their aforo and a link to their door.
import { ArrowRight, DoorOpen } from 'lucide-react';
import { AppLink } from '../../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import { ErrorState } from '../../../components/catalogue/query-states.tsx';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { paths } from '../../../lib/paths.ts';
import { useDoorEvents } from '../api/get-door-events.ts';
import { formatTime } from '../door-format.ts';
import { AforoMeter } from './aforo-meter.tsx';
import { DoorMessage } from './door-message.tsx';

export function DoorEventCards({ clubIds }: { clubIds?: string[] }) {
  const { t } = useTranslation('door');
  const locale = useLocale();
  const events = useDoorEvents();
  if (events.isPending) return <p className="text-sm text-white/50">{t('page.loading')}</p>;
  if (events.isError)
    return (
      <ErrorState message={t('list.error')} error={events.error} onRetry={() => void events.refetch()} />
    );
  const items = clubIds ? events.data.items.filter((e) => clubIds.includes(e.clubId)) : events.data.items;
  if (items.length === 0) return <DoorMessage text={t('list.none')} />;
  return (
    <ul className="grid gap-3">
      {items.map((event) => (
        <li
          key={event.id}
          className="flex flex-col gap-4 rounded-2xl border border-white/10 bg-night-900 p-5 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="text-xs font-bold tracking-widest text-neon-400 uppercase">{event.clubName}</p>
            <h2 className="mt-1 text-lg font-bold break-words text-white">{event.name}</h2>
            <p className="text-sm text-white/60">
              {formatTime(event.startAt, locale)}–{formatTime(event.endAt, locale)} ·{' '}
              {t('list.doorsOpen', { time: formatTime(event.doorsOpenAt, locale) })}
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:w-56">
            <AforoMeter aforo={event.aforo} />
            <AppLink
              to={paths.doorEvent(event.id)}
              reloadDocument
              aria-label={t('list.openLabel', { event: event.name })}
              className={`inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-neon-600 px-4 font-semibold text-white hover:bg-neon-700 ${focusRing}`}
            >
              <DoorOpen aria-hidden="true" className="size-5" />
              {t('list.open')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </AppLink>
          </div>
        </li>
      ))}
    </ul>
  );
}
