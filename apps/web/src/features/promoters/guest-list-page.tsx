// /lista/{token}: the sign-up link a promoter shares. Shows the night, whose list it is, the places left and until
// when; a signed-in person puts themself on it and gets a free ticket with its QR (visitors sign in first).
import { useParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { ListChecks } from 'lucide-react';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { formatNight, formatTime } from '../../lib/catalogue-format.ts';
import { paths } from '../../lib/paths.ts';
import { openAuthModal } from '../auth/index.ts';
import { useSession } from '../auth/api/use-session.ts';
import { useJoinList, usePublicList } from './api/rpp.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

export default function GuestListPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('rpp');
  const errorText = useErrorText();
  const locale = useLocale();
  const { user } = useSession();
  const list = usePublicList(token);
  const join = useJoinList(token);
  usePageTitle(`${list.data?.eventName ?? t('signup.title')} | Nocturna`);
  if (list.isPending) return <CenteredStatus text={t('loading')} />;
  if (list.isError)
    return (
      <div className="mx-auto max-w-xl p-6">
        <ErrorState message={t('signup.notFound')} error={list.error} onRetry={() => void list.refetch()} />
      </div>
    );
  const l = list.data;
  const ticketId = join.data?.ticketId;
  return (
    <section className="mx-auto grid w-full max-w-xl gap-5 px-4 py-10">
      <Card tone="accent" className="grid gap-2">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-neon-400">
          <ListChecks aria-hidden="true" className="size-4" />{' '}
          {t('signup.listOf', { promoter: l.promoterName })}
        </p>
        <h1 className="text-2xl font-black text-white">{l.eventName}</h1>
        <p className="text-white/70">
          {l.clubName} · {formatNight(t, l.eventStartAt, null, locale)}
        </p>
        <p className="text-white/80">
          {l.name} · {l.typeName}
        </p>
        <p className="text-sm text-white/60">
          {l.state === 'open'
            ? t('signup.left', { count: l.placesLeft, time: formatTime(l.closesAt, locale) })
            : l.state === 'full'
              ? t('signup.full')
              : t('signup.closed')}
        </p>
      </Card>
      {l.joined || ticketId ? (
        <div className="grid gap-3" role="status">
          <p className="text-lg font-semibold text-emerald-300">{t('signup.joined')}</p>
          <AppLink
            className={buttonClass()}
            to={ticketId ? `${paths.tickets}?ticket=${encodeURIComponent(ticketId)}` : paths.tickets}
          >
            {t('signup.seeTicket')}
          </AppLink>
        </div>
      ) : l.state === 'open' ? (
        <div className="grid gap-2">
          <Button
            type="button"
            disabled={join.isPending}
            onClick={() => (user ? join.mutate() : openAuthModal('signIn'))}
          >
            {user ? t('signup.join') : t('signup.signInToJoin')}
          </Button>
          {join.error && (
            <p role="alert" className="text-sm text-flame-500">
              {errorText(join.error, t('signup.failed'))}
            </p>
          )}
        </div>
      ) : null}
      <AppLink className={buttonClass({ tone: 'secondary' })} to={paths.event(l.eventSlug)}>
        {t('signup.seeEvent')}
      </AppLink>
    </section>
  );
}
