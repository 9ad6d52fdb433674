// A promoter's commissions at the club, for its CEO: the default for any ticket, and a rule per ticket type of the
// coming nights (fixed € or % of the price) that overrides it. Paid only when the ticket is checked in.
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ClubPromoter, ClubTicketType } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { focusRing } from '../../../components/focus-ring.ts';
import { formatDay, formatPrice } from '../../../lib/catalogue-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useSetCommissionRule, useUpdateCommission } from '../api/club.ts';
import { commissionText } from '../commission-text.ts';
import { CommissionEditor } from './commission-editor.tsx';
import { Button } from '../../../components/ui/button.tsx';

const select = `h-11 w-full min-w-0 rounded-xl border border-white/15 bg-night-950 px-3 text-white ${focusRing}`;

export function CommissionRules({
  clubId,
  promoter,
  ticketTypes,
}: {
  clubId: string;
  promoter: ClubPromoter;
  ticketTypes: ClubTicketType[];
}) {
  const { t } = useTranslation('rpp');
  const errorText = useErrorText();
  const locale = useLocale();
  const update = useUpdateCommission(clubId, promoter.userId);
  const setRule = useSetCommissionRule(clubId, promoter.userId);
  const [typeId, setTypeId] = useState(ticketTypes[0]?.id ?? '');
  const current = promoter.rules.find((r) => r.ticketTypeId === typeId);
  const typeLabel = (x: ClubTicketType) =>
    `${x.eventName} · ${formatDay(x.eventStartAt, locale)} · ${x.name} (${formatPrice(x.priceCents, locale)})`;
  return (
    <div className="grid grid-cols-1 gap-4 border-t border-white/10 pt-3" data-testid="commission-rules">
      <section className="grid grid-cols-1 gap-2">
        <h3 className="text-sm font-semibold text-white">{t('rules.defaultTitle')}</h3>
        <CommissionEditor
          key={`${promoter.commission.kind}-${promoter.commission.value}`}
          initial={promoter.commission}
          saveLabel={t('rules.saveDefault')}
          pending={update.isPending}
          serverError={update.error ? errorText(update.error, t('rules.saveFailed')) : null}
          onSave={(commission) =>
            update.mutate(commission, { onSuccess: () => toast.success(t('rules.savedDefault')) })
          }
        />
      </section>
      <section className="grid grid-cols-1 gap-2">
        <h3 className="text-sm font-semibold text-white">{t('rules.byTypeTitle')}</h3>
        <p className="text-xs text-white/50">{t('rules.byTypeLead')}</p>
        {promoter.rules.length > 0 && (
          <ul className="grid grid-cols-1 gap-2" aria-label={t('rules.current')}>
            {promoter.rules.map((r) => (
              <li
                key={r.ticketTypeId}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white/5 p-2 text-sm"
                data-testid="commission-rule"
              >
                <span className="min-w-0 text-white/80">
                  <span className="block truncate">
                    {r.eventName} · {r.typeName}
                  </span>
                  <span className="font-semibold text-white">{commissionText(r.commission, locale)}</span>
                </span>
                <Button
                  tone="secondary"
                  type="button"
                  className="h-11"
                  disabled={setRule.isPending}
                  onClick={() =>
                    setRule.mutate(
                      { ticketTypeId: r.ticketTypeId, commission: null },
                      { onSuccess: () => toast.success(t('rules.removed')) },
                    )
                  }
                >
                  {t('rules.remove')}
                  <span className="sr-only">
                    {' '}
                    {r.eventName} · {r.typeName}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        {ticketTypes.length === 0 ? (
          <p className="text-sm text-white/60">{t('rules.noTypes')}</p>
        ) : (
          <CommissionEditor
            key={`${typeId}-${current?.commission.kind}-${current?.commission.value}`}
            initial={current?.commission ?? promoter.commission}
            saveLabel={current ? t('rules.update') : t('rules.add')}
            pending={setRule.isPending}
            serverError={setRule.error ? errorText(setRule.error, t('rules.saveFailed')) : null}
            onSave={(commission) =>
              setRule.mutate(
                { ticketTypeId: typeId, commission },
                { onSuccess: () => toast.success(t('rules.saved')) },
              )
            }
          >
            <label className="grid grid-cols-1 gap-1 text-xs text-white/60">
              {t('rules.type')}
              <select className={select} value={typeId} onChange={(e) => setTypeId(e.target.value)}>
                {ticketTypes.map((x) => (
                  <option key={x.id} value={x.id}>
                    {typeLabel(x)}
                  </option>
                ))}
              </select>
            </label>
          </CommissionEditor>
        )}
      </section>
    </div>
  );
}
