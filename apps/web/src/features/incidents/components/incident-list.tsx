// Incidents as cards: kind, when (Madrid), the event, what happened, who was involved and who logged it.
import { useTranslation } from 'react-i18next';
import type { Incident } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatMadrid } from '../format.ts';

export function IncidentList({ items, showEvent = false }: { items: Incident[]; showEvent?: boolean }) {
  const { t } = useTranslation('incidents');
  const locale = useLocale();
  return (
    <ul className="grid gap-3" data-testid="incident-list">
      {items.map((i) => (
        <li key={i.id} className="rounded-xl border border-white/10 bg-night-800 p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="rounded-full bg-amber-400/15 px-3 py-0.5 text-sm font-bold text-amber-300">
              {t(`types.${i.type}`)}
            </span>
            <time dateTime={i.occurredAt} className="text-sm text-white/60">
              {formatMadrid(i.occurredAt, locale)}
            </time>
          </div>
          {showEvent && <p className="mt-2 text-sm font-semibold text-white/80">{i.eventName}</p>}
          <p className="mt-2 break-words whitespace-pre-line text-white">{i.description}</p>
          {i.photoUrl && (
            <a href={i.photoUrl} target="_blank" rel="noreferrer" className="mt-3 inline-block">
              <img
                src={i.photoUrl}
                alt={t('list.photo')}
                loading="lazy"
                className="max-h-48 rounded-lg border border-white/10 object-cover"
              />
            </a>
          )}
          {i.tickets.length > 0 && (
            <p className="mt-2 text-sm text-white/70">
              {t('list.involved', { names: i.tickets.map((x) => `${x.holderName} (${x.type})`).join(', ') })}
            </p>
          )}
          {i.reportedBy && (
            <p className="mt-1 text-xs text-white/50">{t('list.by', { name: i.reportedBy })}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
