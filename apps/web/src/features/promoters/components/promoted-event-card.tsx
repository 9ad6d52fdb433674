// One event a promoter works: their link and code, what they sold and who came in per type, conversion, list fill
// and the commission earned (paid only for people who came in).
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { promoterLinkPath } from '@nocturna/shared/promoter-links';
import type { PromotedEvent } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatNight, formatPercent, formatPrice } from '../../../lib/catalogue-format.ts';
import { FillBar } from './fill-bar.tsx';
import { GuestLists } from './guest-lists.tsx';
import { ShareLink } from './share-link.tsx';
import { Card, cardClass } from '../../../components/ui/card.tsx';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-xl bg-white/5 p-2 text-center">
      <p className="text-xl font-black text-white" data-testid={testId}>
        {value}
      </p>
      <p className="text-xs text-white/60">{label}</p>
    </div>
  );
}

// Open, the whole card; `collapsed` (another night than the one the promoter is working), a disclosure whose
// summary says the night and its sales and entries, and opens to the rest.
export function PromotedEventCard({
  event,
  collapsed = false,
}: {
  event: PromotedEvent;
  collapsed?: boolean;
}) {
  const { t } = useTranslation('rpp');
  const locale = useLocale();
  const when = `${event.clubName} · ${formatNight(t, event.startAt, null, locale)}`;
  if (!collapsed)
    return (
      <Card
        as="article"
        padding="md"
        className="grid grid-cols-1 gap-4"
        data-testid="promoted-event"
        data-event-id={event.id}
      >
        <header>
          <h4 className="text-lg font-bold text-white">{event.name}</h4>
          <p className="text-sm text-white/60">{when}</p>
        </header>
        <CardBody event={event} />
      </Card>
    );
  return (
    <details
      className={`${cardClass({ padding: 'none' })} group`}
      data-testid="promoted-event"
      data-event-id={event.id}
    >
      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-2xl p-4 hover:bg-white/5 focus-visible:ring-2 focus-visible:ring-neon-400 focus-visible:outline-none [&::-webkit-details-marker]:hidden">
        <span className="min-w-0 flex-1">
          <span className="block font-bold text-white">{event.name}</span>
          <span className="block text-sm text-white/60">{when}</span>
        </span>
        <span className="shrink-0 text-right text-xs text-white/70 tabular-nums">
          {t('summary.sold', { count: event.sold })}
          <br />
          {t('summary.in', { count: event.checkedIn })}
        </span>
        <ChevronDown aria-hidden className="size-4 shrink-0 text-white/60 transition group-open:rotate-180" />
      </summary>
      <div className="grid grid-cols-1 gap-4 px-4 pb-4">
        <CardBody event={event} />
      </div>
    </details>
  );
}

function CardBody({ event }: { event: PromotedEvent }) {
  const { t } = useTranslation('rpp');
  const locale = useLocale();
  const url = `${window.location.origin}${promoterLinkPath(event.slug, event.code)}`;
  const conversion = event.sold ? event.checkedIn / event.sold : null;
  return (
    <>
      <ShareLink url={url} code={event.code} eventName={event.name} />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label={t('figures.sold')} value={String(event.sold)} testId="event-sold" />
        <Figure label={t('figures.checkedIn')} value={String(event.checkedIn)} testId="event-checked-in" />
        <Figure label={t('figures.conversion')} value={formatPercent(conversion, locale)} />
        <Figure
          label={t('figures.earned')}
          value={formatPrice(event.earned.cents, locale)}
          testId="event-earned"
        />
      </div>
      {event.byType.length > 0 ? (
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase tracking-wide text-white/50">
            <tr>
              <th className="py-1 font-semibold">{t('figures.type')}</th>
              <th className="py-1 text-right font-semibold">{t('figures.sold')}</th>
              <th className="py-1 text-right font-semibold">{t('figures.checkedIn')}</th>
            </tr>
          </thead>
          <tbody className="text-white/80">
            {event.byType.map((row) => (
              <tr key={row.ticketTypeId} className="border-t border-white/5">
                <td className="py-1">{row.name}</td>
                <td className="py-1 text-right tabular-nums">{row.sold}</td>
                <td className="py-1 text-right tabular-nums">{row.checkedIn}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-white/60">{t('figures.noSales')}</p>
      )}
      {event.listCapacity > 0 && (
        <FillBar
          value={event.listFilled}
          max={event.listCapacity}
          label={t('lists.totalFill', { filled: event.listFilled, capacity: event.listCapacity })}
        />
      )}
      <GuestLists event={event} />
    </>
  );
}
