// One event a promoter works: their link and code, what they sold and who came in per type, conversion, list fill
// and the commission earned (paid only for people who came in).
import { useTranslation } from 'react-i18next';
import { promoterLinkPath } from '@nocturna/shared/promoter-links';
import type { PromotedEvent } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatNight, formatPercent, formatPrice } from '../../../lib/catalogue-format.ts';
import { FillBar } from './fill-bar.tsx';
import { GuestLists } from './guest-lists.tsx';
import { ShareLink } from './share-link.tsx';

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

export function PromotedEventCard({ event }: { event: PromotedEvent }) {
  const { t } = useTranslation('rpp');
  const locale = useLocale();
  const url = `${window.location.origin}${promoterLinkPath(event.slug, event.code)}`;
  const conversion = event.sold ? event.checkedIn / event.sold : null;
  return (
    <article
      className="grid gap-4 rounded-2xl border border-white/10 bg-night-900 p-4"
      data-testid="promoted-event"
      data-event-id={event.id}
    >
      <header>
        <h3 className="text-lg font-bold text-white">{event.name}</h3>
        <p className="text-sm text-white/60">
          {event.clubName} · {formatNight(t, event.startAt, null, locale)}
        </p>
      </header>
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
    </article>
  );
}
