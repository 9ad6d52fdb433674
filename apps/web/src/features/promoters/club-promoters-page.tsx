// /gestion/discotecas/{clubId}/rpp: a club's promoters for its CEO. Add one with a commission (fixed € or %),
// choose what the club shares (ranking among promoters, sales with DJs), read each promoter's statement for a
// period — the same figures the promoter sees — and mark an event paid (it then freezes).
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { madridWallClock } from '@nocturna/shared/madrid-time';
import type { ClubPromoter, Commission } from '@nocturna/shared';
import { EmptyState, ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { focusRing } from '../../components/focus-ring.ts';
import { primaryButton, secondaryButton } from '../../components/pill-buttons.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDay, formatPrice } from '../../lib/catalogue-format.ts';
import { paths } from '../../lib/paths.ts';
import {
  clubStatementUrl,
  useAttachPromoter,
  useClubPromoters,
  useClubStatement,
  useDetachPromoter,
  usePartnerSettings,
  usePayStatement,
} from './api/club.ts';
import { StatementView } from './components/statement-view.tsx';

const input = `min-w-0 rounded-xl border border-white/15 bg-night-950 px-3 py-2 text-white ${focusRing}`;

export function commissionText(c: Commission, locale: 'es-ES' | 'en-GB') {
  return c.kind === 'fixed'
    ? formatPrice(c.value, locale)
    : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(c.value / 100)} %`;
}

function AttachForm({ clubId }: { clubId: string }) {
  const { t } = useTranslation('rpp');
  const attach = useAttachPromoter(clubId);
  const [login, setLogin] = useState('');
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'fixed' | 'percent'>('fixed');
  const [amount, setAmount] = useState('2');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(amount.replace(',', '.'));
    setError(null);
    attach.mutate(
      {
        login: login.trim(),
        ...(code.trim() ? { code: code.trim() } : {}),
        commission: { kind, value: Math.round(n * 100) },
      },
      {
        onSuccess: () => {
          toast.success(t('club.added'));
          setLogin('');
          setCode('');
        },
        onError: (err) => setError(err instanceof ApiRequestError ? err.message : t('club.addFailed')),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-2 rounded-2xl border border-white/10 bg-night-900 p-4">
      <h2 className="text-lg font-bold text-white">{t('club.add')}</h2>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <label className="col-span-2 grid gap-1 text-xs text-white/60">
          {t('club.login')}
          <input className={input} value={login} onChange={(e) => setLogin(e.target.value)} required />
        </label>
        <label className="col-span-2 grid gap-1 text-xs text-white/60">
          {t('club.code')}
          <input
            className={`${input} uppercase`}
            value={code}
            maxLength={40}
            onChange={(e) => setCode(e.target.value)}
          />
        </label>
        <label className="grid gap-1 text-xs text-white/60">
          {t('club.kind')}
          <select
            className={input}
            value={kind}
            onChange={(e) => setKind(e.target.value as 'fixed' | 'percent')}
          >
            <option value="fixed">{t('club.fixed')}</option>
            <option value="percent">{t('club.percent')}</option>
          </select>
        </label>
        <label className="grid gap-1 text-xs text-white/60">
          {kind === 'fixed' ? t('club.amountEuros') : t('club.amountPercent')}
          <input
            className={input}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
      </div>
      <p className="text-xs text-white/50">{t('club.onCheckIn')}</p>
      {error && (
        <p role="alert" className="text-sm text-flame-500">
          {error}
        </p>
      )}
      <button
        type="submit"
        className={`${primaryButton} justify-self-start`}
        disabled={attach.isPending || !login.trim()}
      >
        {t('club.addButton')}
      </button>
    </form>
  );
}

function PromoterStatement({ clubId, promoter }: { clubId: string; promoter: ClubPromoter }) {
  const { t } = useTranslation('rpp');
  const locale = useLocale();
  const today = madridWallClock(new Date()).date;
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const scope = { from, to };
  const statement = useClubStatement(clubId, promoter.userId, scope);
  const pay = usePayStatement(clubId, promoter.userId);
  return (
    <div className="grid gap-3 border-t border-white/10 pt-3">
      <div className="flex flex-wrap gap-2">
        <input
          aria-label={t('statement.from')}
          type="date"
          className={input}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <input
          aria-label={t('statement.to')}
          type="date"
          className={input}
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      {statement.isPending ? (
        <p className="text-sm text-white/60">{t('loading')}</p>
      ) : statement.isError ? (
        <p className="text-sm text-flame-500">{statement.error.message}</p>
      ) : (
        <>
          {statement.data.events.length > 0 && (
            <ul className="grid gap-2">
              {statement.data.events.map((e) => (
                <li
                  key={e.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white/5 p-2 text-sm"
                >
                  <span className="text-white/80">
                    {e.name} · {e.startAt ? formatDay(e.startAt, locale) : ''} ·{' '}
                    {formatPrice(e.commissionCents, locale)}
                  </span>
                  {e.paid ? (
                    <span className="rounded-full bg-emerald-500/20 px-3 py-1 text-xs font-semibold text-emerald-300">
                      {t('club.paid')}
                    </span>
                  ) : (
                    <button
                      type="button"
                      className={secondaryButton}
                      disabled={pay.isPending}
                      onClick={() =>
                        pay.mutate(e.id, {
                          onSuccess: () => toast.success(t('club.markedPaid')),
                          onError: (err) => toast.error(err.message),
                        })
                      }
                    >
                      {t('club.markPaid')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <StatementView
            statement={statement.data}
            fileUrl={(format) => clubStatementUrl(clubId, promoter.userId, scope, format)}
          />
        </>
      )}
    </div>
  );
}

function PromoterRow({ clubId, promoter }: { clubId: string; promoter: ClubPromoter }) {
  const { t } = useTranslation('rpp');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const detach = useDetachPromoter(clubId);
  return (
    <li
      className="grid gap-2 rounded-2xl border border-white/10 bg-night-900 p-4"
      data-testid="club-promoter"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-white">{promoter.name}</p>
          <p className="text-sm text-white/60">
            {t('share.code')}: <code className="font-mono text-white">{promoter.code}</code> ·{' '}
            {commissionText(promoter.commission, locale)} {t('club.perEntry')}
          </p>
        </div>
        <p className="text-sm text-white/70">
          {t('club.figures', {
            sold: promoter.sold,
            inside: promoter.checkedIn,
            earned: formatPrice(promoter.earned.cents, locale),
          })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          {t('statement.title')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={detach.isPending}
          onClick={() => {
            if (window.confirm(t('club.removeConfirm', { name: promoter.name })))
              detach.mutate(promoter.userId);
          }}
        >
          {t('club.remove')}
        </button>
      </div>
      {open && <PromoterStatement clubId={clubId} promoter={promoter} />}
    </li>
  );
}

export default function ClubPromotersPage() {
  const { clubId = '' } = useParams();
  const { t } = useTranslation('rpp');
  usePageTitle(`${t('club.title')} | Nocturna`);
  const promoters = useClubPromoters(clubId);
  const settings = usePartnerSettings(clubId);
  const data = promoters.data;
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-5 sm:py-12">
      <header>
        <Link to={paths.ceoDashboard} className="text-sm text-neon-400 hover:underline">
          {t('club.back')}
        </Link>
        <h1 className="mt-2 text-3xl font-black tracking-tight text-white">{t('club.title')}</h1>
        <p className="mt-1 text-white/60">{t('club.lead')}</p>
      </header>
      {promoters.isPending ? (
        <CenteredStatus text={t('loading')} />
      ) : promoters.isError || !data ? (
        <ErrorState
          message={t('club.loadFailed')}
          error={promoters.error}
          onRetry={() => void promoters.refetch()}
        />
      ) : (
        <>
          <fieldset className="grid gap-2 rounded-2xl border border-white/10 bg-night-900 p-4">
            <legend className="px-1 text-sm font-semibold text-white/80">{t('club.sharing')}</legend>
            {(['promoterRanking', 'djSales'] as const).map((key) => (
              <label key={key} className="flex items-center gap-3 text-sm text-white/80">
                <input
                  type="checkbox"
                  className="size-5 accent-neon-500"
                  checked={data.settings[key]}
                  onChange={(e) => settings.mutate({ ...data.settings, [key]: e.target.checked })}
                />
                {t(`club.${key}`)}
              </label>
            ))}
          </fieldset>
          <AttachForm clubId={clubId} />
          {data.items.length === 0 ? (
            <EmptyState message={t('club.none')} />
          ) : (
            <ul className="grid gap-3">
              {data.items.map((p) => (
                <PromoterRow key={p.userId} clubId={clubId} promoter={p} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
