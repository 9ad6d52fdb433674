// /gestion/discotecas/{clubId}/rpp: a club's promoters for its CEO. Add one with a commission (fixed € or %),
// choose what the club shares (ranking among promoters, sales with DJs), read each promoter's statement for a
// period — the same figures the promoter sees — and mark an event or the period paid (it then freezes); set each
// promoter's default commission and their commission per ticket type.
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ClubPromoter, ClubTicketType } from '@nocturna/shared';
import { NothingFound, ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { focusRing } from '../../components/focus-ring.ts';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { formatPrice } from '../../lib/catalogue-format.ts';
import { paths } from '../../lib/paths.ts';
import { useAttachPromoter, useClubPromoters, useDetachPromoter, usePartnerSettings } from './api/club.ts';
import { commissionText } from './commission-text.ts';
import { ClubStatement } from './components/club-statement.tsx';
import { CommissionRules } from './components/commission-rules.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, cardClass } from '../../components/ui/card.tsx';

const input = `min-w-0 rounded-xl border border-white/15 bg-night-950 px-3 py-2 text-white ${focusRing}`;

function AttachForm({ clubId }: { clubId: string }) {
  const { t } = useTranslation('rpp');
  const errorText = useErrorText();
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
        onError: (err) => setError(errorText(err, t('club.addFailed'))),
      },
    );
  };
  return (
    <form onSubmit={submit} className={`${cardClass({ padding: 'md' })} grid gap-2`}>
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
      <Button type="submit" className="justify-self-start" disabled={attach.isPending || !login.trim()}>
        {t('club.addButton')}
      </Button>
    </form>
  );
}

function PromoterRow({
  clubId,
  promoter,
  ticketTypes,
}: {
  clubId: string;
  promoter: ClubPromoter;
  ticketTypes: ClubTicketType[];
}) {
  const { t } = useTranslation('rpp');
  const locale = useLocale();
  const [open, setOpen] = useState<'statement' | 'rules' | null>(null);
  const [asking, setAsking] = useState(false);
  const errorText = useErrorText();
  const detach = useDetachPromoter(clubId);
  return (
    <Card as="li" padding="md" className="grid grid-cols-1 gap-2" data-testid="club-promoter">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-white">{promoter.name}</p>
          <p className="text-sm text-white/60">
            {t('club.codeLabel')}: <code className="font-mono text-white">{promoter.code}</code> ·{' '}
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
        {(['rules', 'statement'] as const).map((panel) => (
          <Button
            tone="secondary"
            key={panel}
            type="button"
            className="h-11"
            aria-expanded={open === panel}
            onClick={() => setOpen((v) => (v === panel ? null : panel))}
          >
            {panel === 'rules' ? t('rules.title') : t('statement.title')}
          </Button>
        ))}
        <Button
          tone="secondary"
          type="button"
          className="h-11"
          disabled={detach.isPending}
          onClick={() => setAsking(true)}
        >
          {t('club.remove')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('club.removeTitle')}
        message={t('club.removeConfirm', { name: promoter.name })}
        confirmLabel={t('club.remove')}
        cancelLabel={t('common:cancel')}
        tone="danger"
        onConfirm={() =>
          detach
            .mutateAsync(promoter.userId)
            .catch((err: unknown) => toast.error(errorText(err, t('common:errors.generic'))))
        }
        onClose={() => setAsking(false)}
      />
      {open === 'rules' && <CommissionRules clubId={clubId} promoter={promoter} ticketTypes={ticketTypes} />}
      {open === 'statement' && <ClubStatement clubId={clubId} promoter={promoter} />}
    </Card>
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
    <section className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6 px-4 py-8 sm:px-5 sm:py-12">
      <header>
        <AppLink to={paths.ceoDashboard} className="text-sm text-neon-400 hover:underline">
          {t('club.back')}
        </AppLink>
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
          <fieldset className={`${cardClass({ padding: 'md' })} grid gap-2`}>
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
            <NothingFound message={t('club.none')} />
          ) : (
            <ul className="grid grid-cols-1 gap-3">
              {data.items.map((p) => (
                <PromoterRow key={p.userId} clubId={clubId} promoter={p} ticketTypes={data.ticketTypes} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
