// A statement (liquidación) as both the promoter and the club see it: each ticket with its status and commission,
// totals, whether it is paid (then frozen) and the adjustments since; CSV and PDF downloads.
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Statement } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { focusRing } from '../../../components/focus-ring.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { formatDay, formatPrice, formatTime } from '../../../lib/catalogue-format.ts';

export function StatementView({
  statement,
  fileUrl,
}: {
  statement: Statement;
  fileUrl: (format: 'csv' | 'pdf') => string;
}) {
  const { t } = useTranslation('rpp');
  const locale = useLocale();
  const s = statement;
  return (
    <div className="grid gap-3" data-testid="statement">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-white/70">
          {s.paid
            ? t('statement.paid', {
                date: formatDay(s.paid.at, locale),
                amount: formatPrice(s.paid.total.cents, locale),
              })
            : t('statement.open')}
        </p>
        <div className="flex gap-2">
          <a className={buttonClass({ tone: 'secondary', size: 'lg' })} href={fileUrl('csv')} download>
            <Download aria-hidden="true" className="size-4" /> CSV
          </a>
          <a className={buttonClass({ tone: 'secondary', size: 'lg' })} href={fileUrl('pdf')} download>
            <Download aria-hidden="true" className="size-4" /> PDF
          </a>
        </div>
      </div>
      {!s.paid &&
        s.coveredBy.map((c) => (
          <p
            key={`${c.kind}-${c.eventName ?? ''}-${c.from ?? ''}-${c.to ?? ''}`}
            className="rounded-xl border border-emerald-400/30 p-2 text-sm text-emerald-200"
            data-testid="statement-covered"
          >
            {c.kind === 'period'
              ? t('statement.coveredByPeriod', {
                  from: c.from ? formatDay(`${c.from}T12:00:00Z`, locale) : '',
                  to: c.to ? formatDay(`${c.to}T12:00:00Z`, locale) : '',
                  date: formatDay(c.paidAt, locale),
                })
              : t('statement.coveredByEvent', {
                  event: c.eventName ?? '',
                  date: formatDay(c.paidAt, locale),
                })}
          </p>
        ))}
      <div className="grid grid-cols-3 gap-2 text-center">
        <div className="rounded-xl bg-white/5 p-2">
          <p className="text-lg font-black text-white">{s.totals.tickets}</p>
          <p className="text-xs text-white/60">{t('figures.sold')}</p>
        </div>
        <div className="rounded-xl bg-white/5 p-2">
          <p className="text-lg font-black text-white">{s.totals.checkedIn}</p>
          <p className="text-xs text-white/60">{t('figures.checkedIn')}</p>
        </div>
        <div className="rounded-xl bg-white/5 p-2">
          <p className="text-lg font-black text-white" data-testid="statement-total">
            {formatPrice(s.totals.commission.cents, locale)}
          </p>
          <p className="text-xs text-white/60">{t('figures.earned')}</p>
        </div>
      </div>
      {s.lines.length === 0 ? (
        <p className="text-sm text-white/60">{t('statement.empty')}</p>
      ) : (
        // A long statement scrolls inside its box: the box takes the keyboard's focus, so it scrolls without a mouse.
        <div
          role="region"
          aria-label={t('statement.lines')}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (WCAG 2.1.1)
          tabIndex={0}
          className={`max-h-80 overflow-auto rounded-xl border border-white/10 ${focusRing}`}
        >
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-night-900 text-xs uppercase tracking-wide text-white/50">
              <tr>
                <th className="p-2 font-semibold">{t('statement.holder')}</th>
                <th className="p-2 font-semibold">{t('statement.status')}</th>
                <th className="p-2 text-right font-semibold">{t('statement.commission')}</th>
              </tr>
            </thead>
            <tbody className="text-white/80">
              {s.lines.map((l) => (
                <tr key={l.ticketId} className="border-t border-white/5">
                  <td className="p-2">
                    <span className="block truncate">{l.holderName}</span>
                    <span className="block text-xs text-white/50">
                      {l.type}
                      {s.scope.kind === 'period' ? ` · ${l.eventName}` : ''}
                    </span>
                  </td>
                  <td className="p-2 text-xs">
                    {t(`statement.statuses.${l.status}`)}
                    {l.checkedInAt ? ` · ${formatTime(l.checkedInAt, locale)}` : ''}
                  </td>
                  <td className="p-2 text-right tabular-nums">{formatPrice(l.commissionCents, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {s.adjustments.length > 0 && (
        <div
          className="grid gap-1 rounded-xl border border-amber-400/40 p-3"
          data-testid="statement-adjustments"
        >
          <p className="text-sm font-semibold text-amber-300">
            {t('statement.adjustments', { amount: formatPrice(Math.abs(s.adjustmentsTotalCents), locale) })}
          </p>
          <ul className="text-sm text-white/80">
            {s.adjustments.map((a) => (
              <li key={a.ticketId} className="flex justify-between gap-2">
                <span className="truncate">
                  {a.holderName} · {t(`statement.reasons.${a.reason}`)}
                </span>
                <span className="tabular-nums">
                  {a.deltaCents < 0 ? '−' : '+'}
                  {formatPrice(Math.abs(a.deltaCents), locale)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
