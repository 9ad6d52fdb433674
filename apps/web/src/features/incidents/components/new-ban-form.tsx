// "Vetar a alguien" from the club's ban list: choose an event of the club, find the person by their ticket, say
// why and for how long. Each field shows its own error, the server's included.
import { useId, useState, type FormEvent } from 'react';
import { Ban as BanIcon } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { DoorTicket, ManagedEventRow } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useClubEvents, useCreateBan } from '../api/incidents.ts';
import { BAN_PERIODS, banUntil, type BanPeriod } from '../ban-periods.ts';
import { formatMadrid, formatMadridDay } from '../format.ts';
import { BanPersonPicker, banField } from './ban-person-picker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cardClass } from '../../../components/ui/card.tsx';

type Errors = Partial<Record<'eventId' | 'ticketId' | 'reason' | 'until' | 'form', string>>;
const SERVER_FIELDS = ['ticketId', 'reason', 'until'] as const;

export function NewBanForm({ clubId }: { clubId: string }) {
  const { t } = useTranslation('incidents');
  const errorText = useErrorText();
  const ids = useId();
  const locale = useLocale();
  const events = useClubEvents(clubId);
  const create = useCreateBan(clubId);
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState('');
  const [chosen, setChosen] = useState<DoorTicket | null>(null);
  const [reason, setReason] = useState('');
  const [period, setPeriod] = useState<BanPeriod>('month');
  const [errors, setErrors] = useState<Errors>({});
  const [openedAt, setOpenedAt] = useState(() => Date.now());

  const current = events.data?.current ?? [];
  const past = events.data?.past ?? [];
  const all: ManagedEventRow[] = [...current, ...past];
  // Usually the person was there tonight: the night under way, else the last one, else the next one.
  const underWay = current.find((e) => new Date(e.startAt).getTime() <= openedAt);
  const usual = underWay ?? past[0] ?? current[0];
  const eventId = all.some((e) => e.id === picked) ? picked : (usual?.id ?? '');
  // The preview of the end; the ban itself counts from the moment it is sent.
  const until = banUntil(period, new Date(openedAt));

  // Like a form library would: the first field in error gets the focus, so a phone scrolls to it.
  const show = (found: Errors) => {
    setErrors(found);
    const first = (['eventId', 'ticketId', 'reason'] as const).find((f) => found[f]);
    const target = { eventId: 'event', ticketId: 'person', reason: 'reason' } as const;
    if (!first) return;
    requestAnimationFrame(() => {
      const field = document.getElementById(`${ids}-${target[first]}`);
      field?.focus({ preventScroll: true });
      // Centred: the phone's sticky header would cover a field scrolled to the top.
      field?.scrollIntoView({ block: 'center' });
    });
  };
  const clear = (...fields: (keyof Errors)[]) =>
    setErrors((prev) =>
      Object.fromEntries(Object.entries(prev).filter(([k]) => !fields.includes(k as keyof Errors))),
    );
  const close = () => {
    setOpen(false);
    setChosen(null);
    setReason('');
    setPeriod('month');
    setErrors({});
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    if (!eventId) found.eventId = t('newBan.errors.event');
    if (!chosen) found.ticketId = t('newBan.errors.person');
    if (reason.trim().length < 3) found.reason = t('newBan.errors.reason');
    show(found);
    if (Object.keys(found).length > 0 || !chosen) return;
    create.mutate(
      { ticketId: chosen.id, reason: reason.trim(), until: banUntil(period) },
      {
        onSuccess: (ban) => {
          toast.success(t('newBan.saved', { name: ban.personName }));
          close();
        },
        onError: (err) => {
          const field = err instanceof ApiRequestError ? err.field : undefined;
          const message = errorText(err, t('newBan.failed'));
          const known = SERVER_FIELDS.find((f) => f === field);
          show(known ? { [known]: message } : { form: message });
        },
      },
    );
  };

  if (!open)
    return (
      <div>
        <Button
          tone="secondary"
          type="button"
          onClick={() => {
            setOpenedAt(Date.now());
            setOpen(true);
          }}
        >
          <BanIcon aria-hidden="true" className="size-4" /> {t('newBan.open')}
        </Button>
      </div>
    );

  const note = (field: keyof Errors, hint?: string) =>
    errors[field] ? (
      <p id={`${ids}-${field}-note`} role="alert" className="text-sm font-semibold text-red-300">
        {errors[field]}
      </p>
    ) : hint ? (
      <p id={`${ids}-${field}-note`} className="text-xs text-white/50">
        {hint}
      </p>
    ) : null;
  const eventLabel = (e: ManagedEventRow) => `${e.name} · ${formatMadrid(e.startAt, locale)}`;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${ids}-title`}
      className={`${cardClass({ tone: 'danger', padding: 'md-lg' })} grid gap-4`}
      data-testid="new-ban-form"
    >
      <h3 id={`${ids}-title`} className="text-base font-bold text-white">
        {t('newBan.title')}
      </h3>
      {events.isPending ? (
        <p className="text-sm text-white/60">{t('newBan.loadingEvents')}</p>
      ) : all.length === 0 ? (
        <p className="text-sm text-white/60">{t('newBan.noEvents')}</p>
      ) : (
        <div className="grid gap-1">
          <label htmlFor={`${ids}-event`} className="text-sm font-semibold text-white/80">
            {t('newBan.event')}
          </label>
          <select
            id={`${ids}-event`}
            className={banField}
            value={eventId}
            aria-invalid={Boolean(errors.eventId)}
            aria-describedby={`${ids}-eventId-note`}
            onChange={(e) => {
              setPicked(e.target.value);
              setChosen(null);
              clear('eventId', 'ticketId', 'form');
            }}
          >
            {[['current', current] as const, ['past', past] as const].map(([group, list]) =>
              list.length === 0 ? null : (
                <optgroup key={group} label={t(`newBan.groups.${group}`)}>
                  {list.map((e) => (
                    <option key={e.id} value={e.id}>
                      {eventLabel(e)}
                    </option>
                  ))}
                </optgroup>
              ),
            )}
          </select>
          {note('eventId')}
        </div>
      )}
      {eventId && (
        <BanPersonPicker
          key={eventId}
          id={`${ids}-person`}
          eventId={eventId}
          chosen={chosen}
          onChoose={(ticket) => {
            setChosen(ticket);
            clear('ticketId', 'form');
          }}
          error={errors.ticketId}
        />
      )}
      <div className="grid gap-1">
        <label htmlFor={`${ids}-reason`} className="text-sm font-semibold text-white/80">
          {t('fields.reason')}
        </label>
        <textarea
          id={`${ids}-reason`}
          className={`${banField} h-20 py-2`}
          value={reason}
          maxLength={500}
          onChange={(e) => {
            setReason(e.target.value);
            clear('reason', 'form');
          }}
          aria-invalid={Boolean(errors.reason)}
          aria-describedby={`${ids}-reason-note`}
        />
        {note('reason')}
      </div>
      <fieldset className="grid gap-2" aria-describedby={`${ids}-until-note`}>
        <legend className="mb-1 text-sm font-semibold text-white/80">{t('newBan.period')}</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {BAN_PERIODS.map((p) => (
            <label
              key={p}
              className={`flex min-h-11 cursor-pointer items-center justify-center rounded-xl border px-3 text-center text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-neon-400 ${
                p === period
                  ? 'border-red-400 bg-red-500/20 text-white'
                  : 'border-white/10 text-white/70 hover:border-white/25'
              }`}
            >
              <input
                type="radio"
                name={`${ids}-period`}
                value={p}
                checked={p === period}
                onChange={() => {
                  setPeriod(p);
                  clear('until', 'form');
                }}
                className="sr-only"
              />
              {t(`newBan.periods.${p}`)}
            </label>
          ))}
        </div>
        {note(
          'until',
          until ? t('bans.until', { date: formatMadridDay(until, locale) }) : t('newBan.untilLifted'),
        )}
      </fieldset>
      {errors.form && (
        <p role="alert" className="text-sm font-semibold text-red-300">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending || all.length === 0}>
          {t('newBan.submit')}
        </Button>
        <Button tone="secondary" type="button" onClick={close}>
          {t('door.cancel')}
        </Button>
      </div>
    </form>
  );
}
