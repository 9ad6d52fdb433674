// A promoter's statement for the club's CEO: a period (this month by default) with each event in it, paid or
// not; the CEO pays one event or the whole period. A paid statement freezes; what settled it is shown.
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { tonightDate } from '@nocturna/shared/madrid-time';
import type { ClubPromoter } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { focusRing } from '../../../components/focus-ring.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { formatDay, formatPrice } from '../../../lib/catalogue-format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { clubStatementUrl, useClubStatement, usePayStatement } from '../api/club.ts';
import type { StatementScope } from '../api/rpp.ts';
import { StatementView } from './statement-view.tsx';
import { Button } from '../../../components/ui/button.tsx';

const input = `h-11 min-w-0 rounded-xl border border-white/15 bg-night-950 px-3 text-white ${focusRing}`;
const paidBadge = 'rounded-full bg-emerald-500/20 px-3 py-1 text-xs font-semibold text-emerald-300';

export function ClubStatement({ clubId, promoter }: { clubId: string; promoter: ClubPromoter }) {
  const { t } = useTranslation('rpp');
  const errorText = useErrorText();
  const locale = useLocale();
  const today = tonightDate(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const scope = { from, to };
  const statement = useClubStatement(clubId, promoter.userId, scope);
  const pay = usePayStatement(clubId, promoter.userId);
  const [asking, setAsking] = useState(false);
  const payScope = (s: StatementScope) =>
    pay.mutateAsync(s).then(
      () => toast.success(t('club.markedPaid')),
      (err: unknown) => toast.error(errorText(err, t('club.payFailed'))),
    );
  const s = statement.data;
  return (
    <div className="grid gap-3 border-t border-white/10 pt-3">
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <label className="grid gap-1 text-xs text-white/60">
          {t('statement.from')}
          <input type="date" className={input} value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="grid gap-1 text-xs text-white/60">
          {t('statement.to')}
          <input type="date" className={input} value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
      </div>
      {statement.isPending ? (
        <p className="text-sm text-white/60">{t('loading')}</p>
      ) : statement.isError || !s ? (
        <p role="alert" className="text-sm text-flame-500">
          {errorText(statement.error, t('statement.loadFailed'))}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white/5 p-3">
            <p className="text-sm text-white/80">
              {t('club.periodTotal', {
                from: formatDay(`${from}T12:00:00Z`, locale),
                to: formatDay(`${to}T12:00:00Z`, locale),
                amount: formatPrice(s.totals.commission.cents, locale),
              })}
            </p>
            {s.paid ? (
              <span className={paidBadge}>{t('club.paid')}</span>
            ) : s.payableLines > 0 ? (
              <Button type="button" className="h-11" disabled={pay.isPending} onClick={() => setAsking(true)}>
                {t('club.payPeriod', { amount: formatPrice(s.payableCents, locale) })}
              </Button>
            ) : null}
          </div>
          <ConfirmDialog
            open={asking}
            title={t('club.payPeriodTitle')}
            message={t('club.payPeriodConfirm', { amount: formatPrice(s.payableCents, locale) })}
            confirmLabel={t('club.payPeriod', { amount: formatPrice(s.payableCents, locale) })}
            cancelLabel={t('common:cancel')}
            onConfirm={() => payScope({ from, to })}
            onClose={() => setAsking(false)}
          />
          {s.events.length > 0 && (
            <ul className="grid gap-2">
              {s.events.map((e) => (
                <li
                  key={e.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white/5 p-2 text-sm"
                >
                  <span className="text-white/80">
                    {e.name} · {e.startAt ? formatDay(e.startAt, locale) : ''} ·{' '}
                    {formatPrice(e.commissionCents, locale)}
                  </span>
                  {e.paid ? (
                    <span className={paidBadge}>{t('club.paid')}</span>
                  ) : (
                    !s.paid && (
                      <Button
                        tone="secondary"
                        type="button"
                        className="h-11"
                        disabled={pay.isPending}
                        onClick={() => void payScope({ eventId: e.id })}
                      >
                        {t('club.markPaid')}
                      </Button>
                    )
                  )}
                </li>
              ))}
            </ul>
          )}
          <StatementView
            statement={s}
            fileUrl={(format) => clubStatementUrl(clubId, promoter.userId, scope, format)}
          />
        </>
      )}
    </div>
  );
}
