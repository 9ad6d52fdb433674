// The fallback when there is no QR to read: find the person by name, username, ticket code or number and let
// them in from the list. Asks the server while online, searches the downloaded pack when not. Each row tells
// people apart at a glance: name, then type and code.
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Search, UserCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DoorPack, DoorTicket } from '@nocturna/shared';
import { foldForSearch } from '@nocturna/shared/text';
import { formatTicketCode, normalizeTicketCode } from '@nocturna/shared/ticket-code';
import { focusRing } from '../../../components/focus-ring.ts';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { useTicketSearch } from '../api/search-tickets.ts';
import { formatTime } from '../door-format.ts';
import { withoutHash } from '../offline/local-verify.ts';

const MAX_RESULTS = 20;

function searchPack(pack: DoorPack | null, q: string): DoorTicket[] {
  if (!pack) return [];
  const folded = foldForSearch(q);
  const number = q.trim().toLowerCase();
  const code = normalizeTicketCode(q);
  return pack.tickets
    .filter(
      (t) =>
        foldForSearch(t.holderName).includes(folded) ||
        (t.holderUsername ?? '').toLowerCase().includes(folded) ||
        (code.length >= 4 && (t.code ?? '').startsWith(code)) ||
        t.id.toLowerCase().startsWith(number),
    )
    .slice(0, MAX_RESULTS)
    .map(withoutHash);
}

export function ManualSearch({
  eventId,
  pack,
  online,
  busy,
  onAdmit,
}: {
  eventId: string;
  pack: DoorPack | null;
  online: boolean;
  busy: boolean;
  onAdmit: (ticketId: string) => void;
}) {
  const { t } = useTranslation('door');
  const locale = useLocale();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim());
  const remote = useTicketSearch(eventId, q, online);
  const local = useMemo(() => (online ? [] : searchPack(pack, q)), [online, pack, q]);
  const items = q.length < 2 ? [] : online ? (remote.data ?? []) : local;
  // Typing never waits for the results: they follow a render behind (useDeferredValue; filtering the offline pack
  // of a big night is the slow part) and the previous ones stay, dimmed, until the new ones are in.
  const stale = query.trim() !== q || (online && remote.isPlaceholderData);

  return (
    <div className="space-y-3">
      <label htmlFor={inputId} className="block text-sm font-semibold text-white/80">
        {t('search.label')}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-white/40"
        />
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          className={`h-12 w-full rounded-xl border border-white/10 bg-night-800 pr-3 pl-9 text-white placeholder:text-white/30 ${focusRing}`}
        />
      </div>
      {!online && <p className="text-xs text-amber-300">{t('search.offlineNote')}</p>}
      {query.trim().length > 0 && q.length < 2 && <p className="text-sm text-white/50">{t('search.min')}</p>}
      {q.length >= 2 && !stale && (online ? remote.isSuccess : true) && items.length === 0 && (
        <p className="text-sm text-white/50">{t('search.none')}</p>
      )}
      <ul
        className={`flex flex-col divide-y divide-white/5 transition-opacity ${stale ? 'opacity-60' : ''}`}
        aria-live="polite"
        aria-busy={stale}
      >
        {items.map((ticket) => (
          <li
            key={ticket.id}
            className="flex items-center justify-between gap-3 py-3"
            data-ticket-id={ticket.id}
          >
            <div className="min-w-0">
              <p className="truncate font-semibold text-white">{ticket.holderName}</p>
              <p className="text-sm break-words text-white/60">
                {ticket.type}
                {ticket.code && (
                  <>
                    {' · '}
                    <span
                      className="font-mono font-semibold whitespace-nowrap text-white/85"
                      data-testid="search-code"
                    >
                      {formatTicketCode(ticket.code)}
                    </span>
                  </>
                )}
              </p>
              {(ticket.holderUsername || ticket.listOf) && (
                <p className="truncate text-xs text-white/45">
                  {ticket.holderUsername ? `@${ticket.holderUsername}` : ''}
                  {ticket.holderUsername && ticket.listOf ? ' · ' : ''}
                  {ticket.listOf ? t('result.listOf', { promoter: ticket.listOf }) : ''}
                </p>
              )}
              {ticket.status === 'used' && ticket.usedAt && (
                <p className="text-xs text-amber-300">
                  {t('search.usedAt', { time: formatTime(ticket.usedAt, locale) })}
                </p>
              )}
            </div>
            {ticket.status === 'valid' ? (
              <button
                type="button"
                disabled={busy}
                onClick={() => onAdmit(ticket.id)}
                aria-label={t('search.admitLabel', { name: ticket.holderName })}
                className={`inline-flex h-11 shrink-0 items-center gap-2 rounded-xl bg-emerald-600 px-4 text-sm font-bold text-white hover:bg-emerald-500 disabled:opacity-60 ${focusRing}`}
              >
                <UserCheck aria-hidden="true" className="size-4" />
                {t('search.admit')}
              </button>
            ) : (
              <span className="shrink-0 rounded-full border border-white/15 px-3 py-1 text-xs font-semibold text-white/60">
                {t(`search.status.${ticket.status}`)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
