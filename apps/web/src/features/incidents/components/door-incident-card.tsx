// The door's incident report: what kind, when (now unless changed), what happened, the tickets involved (found
// by name, username or number) and, if the door decides so, a ban of those people from this club.
import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { ShieldAlert, X } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { DoorTicket } from '@nocturna/shared';
import { INCIDENT_TYPES, type IncidentType } from '@nocturna/shared/incident-values';
import { focusRing } from '../../../components/focus-ring.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useDoorTicketSearch, useLogIncident, useMyIncidents } from '../api/incidents.ts';
import { IncidentList } from './incident-list.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

const field = `h-11 w-full min-w-0 rounded-xl border border-white/15 bg-night-800 px-3 text-white ${focusRing}`;
const localNow = () => {
  const d = new Date();
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
};

export function DoorIncidentCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation('incidents');
  const errorText = useErrorText();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<IncidentType>('fight');
  const [when, setWhen] = useState(localNow);
  const [description, setDescription] = useState('');
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim());
  const found = useDoorTicketSearch(eventId, q);
  // Typing never waits for the results: they follow a render behind (useDeferredValue) and the previous ones stay,
  // dimmed, until the new ones are in.
  const stale = query.trim() !== q || found.isPlaceholderData;
  const [chosen, setChosen] = useState<DoorTicket[]>([]);
  const [ban, setBan] = useState(false);
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const log = useLogIncident(eventId);
  const mine = useMyIncidents(eventId);

  const reset = () => {
    setDescription('');
    setChosen([]);
    setBan(false);
    setReason('');
    setUntil('');
    setQuery('');
    setPhoto(null);
    setWhen(localNow());
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    log.mutate(
      {
        body: {
          type,
          description,
          occurredAt: new Date(when).toISOString(),
          ticketIds: chosen.map((c) => c.id),
          ban: ban ? { reason, until: until ? new Date(`${until}T12:00:00`).toISOString() : null } : null,
        },
        photo,
      },
      {
        onSuccess: (r) => {
          if (r.photoFailed) toast.error(t('door.photoFailed'));
          toast.success(r.banned > 0 ? t('door.savedBanned', { count: r.banned }) : t('door.saved'));
          reset();
          setOpen(false);
        },
        onError: (err) => setError(errorText(err, t('door.failed'))),
      },
    );
  };

  return (
    <Card as="section" aria-labelledby={`${ids}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${ids}-title`} className="flex items-center gap-2 text-lg font-bold text-white">
          <ShieldAlert aria-hidden="true" className="size-5 text-amber-400" />
          {t('door.title')}
        </h2>
        {!open && (
          <Button tone="secondary" type="button" onClick={() => setOpen(true)}>
            {t('door.open')}
          </Button>
        )}
      </div>
      {open && (
        <form onSubmit={submit} className="mt-4 grid grid-cols-1 gap-3" data-testid="incident-form">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <label className="grid min-w-0 grid-cols-1 gap-1 text-sm font-semibold text-white/80">
              {t('fields.type')}
              <select
                className={field}
                value={type}
                onChange={(e) => setType(e.target.value as IncidentType)}
              >
                {INCIDENT_TYPES.map((k) => (
                  <option key={k} value={k}>
                    {t(`types.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid min-w-0 grid-cols-1 gap-1 text-sm font-semibold text-white/80">
              {t('fields.when')}
              <input
                type="datetime-local"
                className={field}
                value={when}
                onChange={(e) => setWhen(e.target.value)}
                required
              />
            </label>
          </div>
          <label className="grid min-w-0 grid-cols-1 gap-1 text-sm font-semibold text-white/80">
            {t('fields.description')}
            <textarea
              className={`${field} h-24 py-2`}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={4000}
              required
            />
          </label>
          <div className="grid gap-2">
            <label htmlFor={`${ids}-q`} className="text-sm font-semibold text-white/80">
              {t('fields.tickets')}
            </label>
            <input
              id={`${ids}-q`}
              className={field}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={t('fields.ticketsHint')}
            />
            {q.length >= 2 && (
              <ul className={`grid gap-1 transition-opacity ${stale ? 'opacity-60' : ''}`} aria-busy={stale}>
                {(found.data ?? [])
                  .filter((f) => !chosen.some((c) => c.id === f.id))
                  .slice(0, 5)
                  .map((f) => (
                    <li key={f.id}>
                      <button
                        type="button"
                        className={`w-full rounded-xl bg-night-800 px-3 py-2 text-left text-sm text-white hover:bg-night-700 ${focusRing}`}
                        onClick={() => {
                          setChosen([...chosen, f]);
                          setQuery('');
                        }}
                      >
                        {t('door.add', { name: f.holderName, type: f.type })}
                      </button>
                    </li>
                  ))}
              </ul>
            )}
            {chosen.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label={t('door.involved')}>
                {chosen.map((c) => (
                  <li
                    key={c.id}
                    className="inline-flex items-center gap-1 rounded-full bg-white/10 py-1 pr-1 pl-3 text-sm text-white"
                  >
                    {c.holderName}
                    <button
                      type="button"
                      aria-label={t('door.remove', { name: c.holderName })}
                      className={`rounded-full p-1 hover:bg-white/10 ${focusRing}`}
                      onClick={() => setChosen(chosen.filter((x) => x.id !== c.id))}
                    >
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <label className="grid min-w-0 grid-cols-1 gap-1 text-sm font-semibold text-white/80">
            {t('fields.photo')}
            <input
              type="file"
              accept="image/*"
              data-testid="incident-photo"
              className="text-sm text-white/70 file:mr-3 file:rounded-full file:border-0 file:bg-white/10 file:px-4 file:py-2 file:font-semibold file:text-white"
              onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
            />
          </label>
          <label className="flex items-center gap-2 text-sm font-semibold text-white">
            <input
              type="checkbox"
              checked={ban}
              onChange={(e) => setBan(e.target.checked)}
              className="size-5"
            />
            {t('door.ban')}
          </label>
          {ban && (
            <div className="grid grid-cols-1 gap-3 rounded-xl border border-red-400/30 bg-red-950/30 p-3 sm:grid-cols-2">
              <label className="grid min-w-0 grid-cols-1 gap-1 text-sm font-semibold text-white/80 sm:col-span-2">
                {t('fields.reason')}
                <input
                  className={field}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  required
                />
              </label>
              <label className="grid min-w-0 grid-cols-1 gap-1 text-sm font-semibold text-white/80">
                {t('fields.until')}
                <input
                  type="date"
                  className={field}
                  value={until}
                  onChange={(e) => setUntil(e.target.value)}
                />
              </label>
              <p className="self-end text-xs text-white/60">{t('fields.untilHint')}</p>
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm font-semibold text-red-300">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={log.isPending}>
              {t('door.submit')}
            </Button>
            <Button tone="secondary" type="button" onClick={() => setOpen(false)}>
              {t('door.cancel')}
            </Button>
          </div>
        </form>
      )}
      {(mine.data?.items.length ?? 0) > 0 && (
        <div className="mt-4">
          <h3 className="mb-2 text-sm font-bold text-white/70">{t('door.mine')}</h3>
          <IncidentList items={mine.data!.items} />
        </div>
      )}
    </Card>
  );
}
