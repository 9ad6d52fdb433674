// "Tus eventos" on the promoter's dashboard: the night they are working open at the top (or the next night they
// work), the later nights and the nights past folded below it, each opening on demand.
import type { PromotedEvent } from '@nocturna/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NothingFound } from '../../../components/catalogue/query-states.tsx';
import { arrangeNights } from '../promoted-nights.ts';
import { PromotedEventCard } from './promoted-event-card.tsx';

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="grid grid-cols-1 gap-3" aria-labelledby={id} data-testid={id}>
      <h3 id={id} className="text-sm font-semibold tracking-wide text-white/60 uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function PromotedNightsSection({ events }: { events: PromotedEvent[] }) {
  const { t } = useTranslation('rpp');
  // Read at each render: the dashboard refreshes every 30 s, so a night that starts moves to the top.
  const nights = arrangeNights(events, new Date());
  return (
    <section className="grid grid-cols-1 gap-4" aria-labelledby="events">
      <h2 id="events" className="text-xl font-bold text-white">
        {t('events.title')}
      </h2>
      {events.length === 0 ? (
        <NothingFound message={t('events.none')} />
      ) : (
        <>
          {nights.focus ? (
            <Group id="rpp-night-focus" title={t(`nights.${nights.focus.kind}`)}>
              {nights.focus.events.map((e) => (
                <PromotedEventCard key={e.id} event={e} />
              ))}
            </Group>
          ) : (
            <p className="text-sm text-white/60">{t('nights.noneAhead')}</p>
          )}
          {nights.later.length > 0 && (
            <Group id="rpp-nights-later" title={t('nights.later')}>
              {nights.later.map((e) => (
                <PromotedEventCard key={e.id} event={e} collapsed />
              ))}
            </Group>
          )}
          {nights.past.length > 0 && (
            <Group id="rpp-nights-past" title={t('nights.past')}>
              {nights.past.map((e) => (
                <PromotedEventCard key={e.id} event={e} collapsed />
              ))}
            </Group>
          )}
        </>
      )}
    </section>
  );
}
