// The club's cancellation rule in one line: before buying (the get-ticket dialog) and on the ticket itself, so
// nobody learns it after paying.
import { useTranslation } from 'react-i18next';
import type { CancelRule, Ticket } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatLongDay, formatTime } from '../../../lib/catalogue-format.ts';

export function CancelRuleLine({ rule, className }: { rule: CancelRule; className?: string }) {
  const { t } = useTranslation('tickets');
  const text =
    rule.mode === 'never'
      ? t('cancelRule.never')
      : rule.mode === 'until_start'
        ? t('cancelRule.untilStart')
        : t('cancelRule.hoursBefore', { count: rule.hours ?? 0 });
  return (
    <p data-testid="cancel-rule" className={className}>
      {text}
    </p>
  );
}

// On a valid ticket: until when it can be cancelled, that the time has passed, or that the club does not allow it.
export function TicketCancelNote({ ticket, className }: { ticket: Ticket; className?: string }) {
  const { t } = useTranslation('tickets');
  const locale = useLocale();
  // A copy the service worker kept offline from before the rule existed has no such field: say nothing then.
  if (ticket.status !== 'valid' || ticket.forResale || !('cancellableUntil' in ticket)) return null;
  const at = (iso: string) => ({ day: formatLongDay(iso, locale), time: formatTime(iso, locale) });
  const text =
    ticket.cancellableUntil === null
      ? t(ticket.canResell ? 'cancelRule.neverResale' : 'cancelRule.never')
      : ticket.canCancel
        ? t('cancelRule.until', at(ticket.cancellableUntil))
        : t('cancelRule.closed', at(ticket.cancellableUntil));
  return (
    <p data-testid="cancel-rule" className={className}>
      {text}
    </p>
  );
}
