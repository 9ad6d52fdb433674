// A promoter's guest lists for one event: each with its fill against the cupo, closing time, sign-up link and a
// field to write a guest's name; and the form that opens a new list (free type, cupo, closing time in Madrid).
import { useId, useState, type FormEvent } from 'react';
import { Copy, UserPlus } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { madridInstant, madridWallClock } from '@nocturna/shared/madrid-time';
import type { GuestList, PromotedEvent } from '@nocturna/shared';
import { focusRing } from '../../../components/focus-ring.ts';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { formatTime } from '../../../lib/catalogue-format.ts';
import { useAddGuest, useCreateList } from '../api/rpp.ts';
import { FillBar } from './fill-bar.tsx';
import { Button } from '../../../components/ui/button.tsx';

const input = `min-w-0 rounded-xl border border-white/15 bg-night-950 px-3 py-2 text-white placeholder:text-white/30 ${focusRing}`;
export const listLink = (token: string) => `${window.location.origin}/lista/${encodeURIComponent(token)}`;

function ListRow({ list }: { list: GuestList }) {
  const { t } = useTranslation('rpp');
  const errorText = useErrorText();
  const locale = useLocale();
  const add = useAddGuest(list.id);
  const [name, setName] = useState('');
  const id = useId();
  const full = list.filled >= list.capacity;
  const closed = new Date(list.closesAt) <= new Date();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(name.trim(), {
      onSuccess: () => {
        toast.success(t('lists.added', { name: name.trim() }));
        setName('');
      },
      onError: (err) => toast.error(errorText(err, t('lists.addFailed'))),
    });
  };
  return (
    <li className="grid gap-2 rounded-xl border border-white/10 p-3" data-testid="guest-list">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-white">{list.name}</p>
        <p className="text-sm text-white/60">
          {closed ? t('lists.closed') : t('lists.closesAt', { time: formatTime(list.closesAt, locale) })}
        </p>
      </div>
      <FillBar
        value={list.filled}
        max={list.capacity}
        label={t('lists.fill', { filled: list.filled, capacity: list.capacity, inside: list.checkedIn })}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          tone="secondary"
          type="button"
          onClick={() =>
            void navigator.clipboard
              .writeText(listLink(list.signupToken))
              .then(() => toast.success(t('share.copied.link')))
              .catch(() => toast.error(t('share.copyFailed')))
          }
        >
          <Copy aria-hidden="true" className="size-4" /> {t('lists.copyLink')}
        </Button>
      </div>
      {!full && !closed && (
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor={id} className="sr-only">
            {t('lists.guestName')}
          </label>
          <input
            id={id}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('lists.guestName')}
            maxLength={80}
            className={`flex-1 ${input}`}
          />
          <Button type="submit" disabled={name.trim().length < 2 || add.isPending}>
            <UserPlus aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">{t('lists.add')}</span>
          </Button>
        </form>
      )}
    </li>
  );
}

function NewListForm({ event }: { event: PromotedEvent }) {
  const { t } = useTranslation('rpp');
  const errorText = useErrorText();
  const create = useCreateList(event.id);
  const start = madridWallClock(new Date(event.startAt));
  const [name, setName] = useState(t('lists.defaultName'));
  const [typeId, setTypeId] = useState(event.listTypes[0]?.id ?? '');
  const [capacity, setCapacity] = useState(50);
  const [closes, setCloses] = useState('01:30');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  if (event.listTypes.length === 0) return <p className="text-sm text-white/50">{t('lists.noFreeType')}</p>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A closing time before the start hour is the small hours of the next morning.
    let at = madridInstant(start.date, closes);
    if (at < new Date(event.startAt)) at = new Date(at.getTime() + 24 * 3600_000);
    setError(null);
    create.mutate(
      { name: name.trim(), ticketTypeId: typeId, capacity, closesAt: at.toISOString() },
      {
        onSuccess: () => toast.success(t('lists.created')),
        onError: (err) => setError(errorText(err, t('lists.createFailed'))),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-2 rounded-xl border border-dashed border-white/15 p-3">
      <p className="text-sm font-semibold text-white/80">{t('lists.new')}</p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <label className="col-span-2 grid gap-1 text-xs text-white/60" htmlFor={`${id}-name`}>
          {t('lists.name')}
          <input id={`${id}-name`} className={input} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="grid gap-1 text-xs text-white/60" htmlFor={`${id}-cap`}>
          {t('lists.capacity')}
          <input
            id={`${id}-cap`}
            type="number"
            min={1}
            max={2000}
            className={input}
            value={capacity}
            onChange={(e) => setCapacity(Number(e.target.value))}
          />
        </label>
        <label className="grid gap-1 text-xs text-white/60" htmlFor={`${id}-closes`}>
          {t('lists.closesLabel')}
          <input
            id={`${id}-closes`}
            type="time"
            className={input}
            value={closes}
            onChange={(e) => setCloses(e.target.value)}
          />
        </label>
        {event.listTypes.length > 1 && (
          <label className="col-span-2 grid gap-1 text-xs text-white/60" htmlFor={`${id}-type`}>
            {t('lists.type')}
            <select
              id={`${id}-type`}
              className={input}
              value={typeId}
              onChange={(e) => setTypeId(e.target.value)}
            >
              {event.listTypes.map((ty) => (
                <option key={ty.id} value={ty.id}>
                  {ty.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-flame-500">
          {error}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={create.isPending || !name.trim()}>
        {t('lists.open')}
      </Button>
    </form>
  );
}

export function GuestLists({ event }: { event: PromotedEvent }) {
  const { t } = useTranslation('rpp');
  return (
    <div className="grid gap-2">
      <h5 className="text-sm font-semibold uppercase tracking-wide text-white/50">{t('lists.title')}</h5>
      {event.lists.length > 0 && (
        <ul className="grid gap-2">
          {event.lists.map((l) => (
            <ListRow key={l.id} list={l} />
          ))}
        </ul>
      )}
      <NewListForm event={event} />
    </div>
  );
}
