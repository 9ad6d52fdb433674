// The ticket types of an event as its club runs them: sold against places, pause and resume, edit, reorder,
// delete (only without tickets), and add.
import { useState } from 'react';
import { ArrowDown, ArrowUp, Pause, Pencil, Play, Trash2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ManagedEvent, ManagedTicketType } from '@nocturna/shared';
import { focusRing } from '../../../components/focus-ring.ts';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { formatPrice } from '../../../lib/catalogue-format.ts';
import {
  useAddTicketType,
  useDeleteTicketType,
  useReorderTicketTypes,
  useUpdateTicketType,
} from '../api/events.ts';
import { SoldBar } from './sold-bar.tsx';
import { TicketTypeForm } from './ticket-type-form.tsx';
import { Card } from '../../../components/ui/card.tsx';

const iconButton = `inline-flex size-10 items-center justify-center rounded-xl border border-white/15 text-white/80 hover:bg-white/5 disabled:opacity-40 ${focusRing}`;

export function TicketTypesPanel({ event }: { event: ManagedEvent }) {
  const { t } = useTranslation('manage');
  const errorText = useErrorText();
  const locale = useLocale();
  const add = useAddTicketType(event.id);
  const update = useUpdateTicketType(event.id);
  const remove = useDeleteTicketType(event.id);
  const reorder = useReorderTicketTypes(event.id);
  const [editing, setEditing] = useState<string | null>(null);
  const types = event.ticketTypes;
  const total = types.reduce((n, x) => n + x.capacity, 0);
  const fail = (error: unknown) => toast.error(errorText(error, t('form.saveFailed')));
  const move = (index: number, by: -1 | 1) => {
    const ids = types.map((x) => x.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids, { onError: fail });
  };
  const togglePause = (type: ManagedTicketType) =>
    update.mutate(
      { typeId: type.id, patch: { paused: !type.paused } },
      {
        onSuccess: () =>
          toast.success(
            type.paused ? t('types.resumed', { name: type.name }) : t('types.paused', { name: type.name }),
          ),
        onError: fail,
      },
    );

  return (
    <Card as="section" padding="md-lg" className="grid grid-cols-1 gap-4" aria-labelledby="types-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="types-title" className="text-lg font-bold text-white">
          {t('types.title')}
        </h2>
        <p className={`text-sm ${total > event.clubCapacity ? 'text-amber-300' : 'text-white/60'}`}>
          {t('types.aforo', { total, capacity: event.clubCapacity })}
        </p>
      </div>
      {types.length === 0 && <p className="text-sm text-white/60">{t('types.none')}</p>}
      <ul className="grid grid-cols-1 gap-3">
        {types.map((type, index) => (
          <li
            key={type.id}
            data-testid="managed-ticket-type"
            className="rounded-xl border border-white/10 p-3"
          >
            {editing === type.id ? (
              <TicketTypeForm
                type={type}
                onCancel={() => setEditing(null)}
                onSubmit={async (input) => {
                  await update.mutateAsync({ typeId: type.id, patch: input });
                  toast.success(t('types.saved', { name: input.name }));
                  setEditing(null);
                }}
              />
            ) : (
              <div className="grid grid-cols-1 gap-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold text-white">
                    {type.name}{' '}
                    <span className="font-normal text-white/60">
                      · {type.price.cents === 0 ? t('types.free') : formatPrice(type.price.cents, locale)}
                    </span>
                  </p>
                  <div className="flex flex-wrap gap-1.5 text-xs">
                    {type.paused && (
                      <span className="rounded-full bg-amber-500/20 px-2 py-1 font-semibold text-amber-200">
                        {t('types.pausedBadge')}
                      </span>
                    )}
                    {type.hidden && (
                      <span className="rounded-full bg-white/10 px-2 py-1 text-white/70">
                        {t('types.hiddenBadge')}
                      </span>
                    )}
                    {type.codes.map((c) => (
                      <span key={c} className="rounded-full bg-neon-600/20 px-2 py-1 font-mono text-neon-200">
                        {c}
                      </span>
                    ))}
                  </div>
                </div>
                <SoldBar
                  sold={type.sold}
                  capacity={type.capacity}
                  label={t('types.soldOf', { sold: type.sold, capacity: type.capacity })}
                />
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => togglePause(type)}
                    aria-label={
                      type.paused
                        ? t('types.resume', { name: type.name })
                        : t('types.pause', { name: type.name })
                    }
                    disabled={update.isPending}
                  >
                    {type.paused ? (
                      <Play aria-hidden="true" className="size-4" />
                    ) : (
                      <Pause aria-hidden="true" className="size-4" />
                    )}
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => setEditing(type.id)}
                    aria-label={t('types.edit', { name: type.name })}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => move(index, -1)}
                    disabled={index === 0 || reorder.isPending}
                    aria-label={t('types.up', { name: type.name })}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => move(index, 1)}
                    disabled={index === types.length - 1 || reorder.isPending}
                    aria-label={t('types.down', { name: type.name })}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </button>
                  {type.sold === 0 && (
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={t('types.delete', { name: type.name })}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(type.id, {
                          onSuccess: () => toast.success(t('types.deleted', { name: type.name })),
                          onError: fail,
                        })
                      }
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  )}
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      {event.status !== 'cancelled' && (
        <div className="border-t border-white/10 pt-4">
          <h3 className="mb-3 font-semibold text-white">{t('types.addTitle')}</h3>
          <TicketTypeForm
            onSubmit={async (input) => {
              await add.mutateAsync(input);
              toast.success(t('types.added', { name: input.name }));
            }}
          />
        </div>
      )}
    </Card>
  );
}
