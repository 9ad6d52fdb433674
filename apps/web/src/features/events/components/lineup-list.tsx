import type { EventDetail } from '@nocturna/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatTime } from '../../../lib/catalogue-format.ts';
import { Card } from '../../../components/ui/card.tsx';

export function LineupList({ lineup }: { lineup: EventDetail['lineup'] }) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  if (lineup.length === 0) return <p className="text-white/60">{t('events.lineupEmpty')}</p>;
  return (
    <Card as="ol" tone="muted" padding="none" className="divide-y divide-night-700/70 overflow-hidden">
      {lineup.map((slot) => (
        <li key={slot.djName + slot.startsAt} className="flex items-center justify-between gap-4 px-4 py-3">
          <span className="font-semibold text-white">{slot.djName}</span>
          {slot.startsAt && (
            <span className="font-mono text-sm tabular-nums text-neon-400">
              {formatTime(slot.startsAt, locale)}
              {slot.endsAt && `–${formatTime(slot.endsAt, locale)}`}
            </span>
          )}
        </li>
      ))}
    </Card>
  );
}
