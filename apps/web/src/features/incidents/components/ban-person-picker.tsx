// Finds the person to ban by one of their tickets for an event of this club: by name, username or ticket number
// (the door's own search, which the club's CEO may use too). One person is chosen; "Cambiar" searches again.
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DoorTicket } from '@nocturna/shared';
import { focusRing } from '../../../components/focus-ring.ts';
import { useDoorTicketSearch } from '../api/incidents.ts';
import { Button } from '../../../components/ui/button.tsx';

export const banField = `h-11 w-full min-w-0 rounded-xl border border-white/15 bg-night-800 px-3 text-white aria-[invalid=true]:border-red-400 ${focusRing}`;

export function BanPersonPicker({
  id,
  eventId,
  chosen,
  onChoose,
  error,
}: {
  id: string;
  eventId: string;
  chosen: DoorTicket | null;
  onChoose: (ticket: DoorTicket | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('incidents');
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim());
  const found = useDoorTicketSearch(eventId, q);
  // Typing never waits for the results: they follow a render behind (useDeferredValue) and the previous ones stay,
  // dimmed, until the new ones are in.
  const stale = query.trim() !== q || found.isPlaceholderData;
  const note = error ? `${id}-error` : chosen ? undefined : `${id}-hint`;

  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-white/80">
        {t('newBan.person')}
      </label>
      {chosen ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-white/15 bg-night-800 px-3 py-2">
          <p className="min-w-0 break-words text-white" data-testid="ban-chosen">
            <span className="font-bold">{chosen.holderName}</span>
            <span className="text-white/60">
              {chosen.holderUsername ? ` · @${chosen.holderUsername}` : ''} · {chosen.type}
            </span>
          </p>
          <Button
            tone="secondary"
            id={id}
            type="button"
            aria-describedby={note}
            onClick={() => onChoose(null)}
          >
            {t('newBan.change')}
          </Button>
        </div>
      ) : (
        <input
          id={id}
          className={banField}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('fields.ticketsHint')}
          autoComplete="off"
          aria-invalid={Boolean(error)}
          aria-describedby={note}
        />
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-300">
          {error}
        </p>
      ) : chosen ? null : (
        <p id={`${id}-hint`} className="text-xs text-white/50">
          {t('newBan.personHint')}
        </p>
      )}
      {!chosen && q.length >= 2 && (
        <ul
          className={`grid gap-1 transition-opacity ${stale ? 'opacity-60' : ''}`}
          aria-label={t('newBan.results')}
          aria-busy={stale}
        >
          {found.isSuccess && !stale && found.data.length === 0 && (
            <li className="text-sm text-white/60">{t('newBan.noResults')}</li>
          )}
          {(found.data ?? []).slice(0, 6).map((f) => (
            <li key={f.id}>
              <button
                type="button"
                className={`min-h-11 w-full rounded-xl bg-night-800 px-3 py-2 text-left text-sm text-white hover:bg-night-700 ${focusRing}`}
                onClick={() => {
                  onChoose(f);
                  setQuery('');
                }}
              >
                {t('newBan.pick', { name: f.holderName, type: f.type })}
                {f.holderUsername && <span className="text-white/60"> · @{f.holderUsername}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
