// What a person does with a night besides buying: share it, put it in their calendar (the way there is on the
// venue's card).
import type { EventDetail } from '@nocturna/shared';
import { CalendarPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import { ShareButton } from '../../../components/share-button.tsx';
import { paths } from '../../../lib/paths.ts';

const action = `inline-flex h-11 items-center justify-center gap-2 rounded-full border border-white/15 px-4 text-sm font-semibold text-white/85 transition hover:border-neon-500/60 hover:text-white ${focusRing}`;

export function EventActions({ event }: { event: EventDetail }) {
  const { t } = useTranslation('catalogue');
  return (
    <div className="flex flex-wrap gap-2" data-testid="event-actions">
      <ShareButton
        title={event.name}
        text={t('events.shareText', { name: event.name, club: event.club.name })}
        url={paths.event(event.slug)}
      />
      <a
        href={`/api/events/${encodeURIComponent(event.id)}/calendar.ics`}
        download
        className={action}
        data-testid="event-calendar"
      >
        <CalendarPlus aria-hidden="true" className="size-4 shrink-0" />
        {t('events.addToCalendar')}
      </a>
    </div>
  );
}
