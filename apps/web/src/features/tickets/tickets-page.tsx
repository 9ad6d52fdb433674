// /tickets (Entradas): upcoming and past tickets; ?ticket=<id> opens one full screen with its QR (notification
// links land there). The list and each QR stay available without signal: the service worker keeps the last answers
// of /api/tickets (asked for by the shell once the worker controls the page: api/keep-wallet-offline.ts), the device
// remembers the session, and offline the page says so with the time of the last sync.
import { useSearchParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { Ticket as TicketIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@nocturna/shared';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { PageHeader } from '../../components/catalogue/page-header.tsx';
import { ErrorState, LoadMore } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { focusRing } from '../../components/focus-ring.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../auth/api/use-session.ts';
import { useMyTickets } from './api/get-my-tickets.ts';
import { useTicket } from './api/get-ticket.ts';
import { ticketKeys, type TicketListWhen } from './api/ticket-keys.ts';
import { TicketCard } from './components/ticket-card.tsx';
import { TicketPass } from './components/ticket-pass.tsx';
import { OrdersHistory } from '../payments/index.ts';
import { useWalletSyncedAt } from './api/wallet-synced-at.ts';
import { OfflineWalletNote } from './components/offline-wallet-note.tsx';
import { useOnline } from './use-online.ts';

const TABS: TicketListWhen[] = ['upcoming', 'past'];

export default function TicketsPage() {
  const { t } = useTranslation('tickets');
  const userId = useSession().user?.id ?? '';
  const [params, setParams] = useSearchParams();
  const when: TicketListWhen = params.get('tab') === 'past' ? 'past' : 'upcoming';
  const openId = params.get('ticket');
  const list = useMyTickets(userId, when);
  const online = useOnline();
  const syncedAt = useWalletSyncedAt(userId, when, !online, list.dataUpdatedAt);
  usePageTitle(`${t('title')} | Nocturna`);

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: name === 'tab' },
    );

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="mx-auto w-full max-w-2xl px-5 py-8 sm:py-12">
      <PageHeader title={t('title')} lead={t('lead')} />
      {!online && (
        <OfflineWalletNote
          syncedAt={syncedAt}
          className="mt-5 flex items-center gap-2 rounded-xl border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-sm font-medium text-amber-100"
        />
      )}
      <div
        role="tablist"
        aria-label={t('tabs.label')}
        className="mt-6 inline-flex rounded-full border border-night-700 bg-night-900 p-1"
      >
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={when === tab}
            onClick={() => setParam('tab', tab === 'upcoming' ? null : tab)}
            className={`rounded-full px-5 py-2 text-sm font-semibold transition ${when === tab ? 'bg-neon-600 text-white' : 'text-white/70 hover:text-white'} ${focusRing}`}
          >
            {t(`tabs.${tab}`)}
          </button>
        ))}
      </div>

      <div role="tabpanel" aria-label={t(`tabs.${when}`)} className="mt-6">
        {list.isPending ? (
          <p role="status" className="text-white/60">
            {t('list.loading')}
          </p>
        ) : list.isError && items.length === 0 ? (
          <ErrorState message={t('list.loadFailed')} error={list.error} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-night-700 px-6 py-14 text-center">
            <TicketIcon aria-hidden className="size-9 text-neon-400/70" />
            <p className="font-semibold text-white">{t(`empty.${when}.title`)}</p>
            <p className="max-w-sm text-sm text-white/60">{t(`empty.${when}.body`)}</p>
            {when === 'upcoming' && (
              <AppLink
                to={paths.events}
                className={`mt-2 rounded-full bg-gradient-to-r from-neon-600 to-flame-500 px-5 py-2.5 text-sm font-semibold text-white ${focusRing}`}
              >
                {t('empty.findEvents')}
              </AppLink>
            )}
          </div>
        ) : (
          <div className="space-y-4">
            {when === 'upcoming' && <p className="text-sm text-white/55">{t('list.offlineHint')}</p>}
            <ul className="space-y-3">
              {items.map((ticket) => (
                <TicketCard key={ticket.id} ticket={ticket} onOpen={() => setParam('ticket', ticket.id)} />
              ))}
            </ul>
            <LoadMore
              hasMore={list.hasNextPage}
              loading={list.isFetchingNextPage}
              onLoad={() => void list.fetchNextPage()}
            />
          </div>
        )}
      </div>
      <OrdersHistory userId={userId} />
      {openId && (
        <OpenTicket
          userId={userId}
          ticketId={openId}
          syncedAt={online ? null : syncedAt}
          onClose={() => setParam('ticket', null)}
        />
      )}
    </section>
  );
}

// The open ticket: the detail when it answers, else the copy from either list (enough for the QR offline).
function OpenTicket({
  userId,
  ticketId,
  syncedAt,
  onClose,
}: {
  userId: string;
  ticketId: string;
  syncedAt: Date | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('tickets');
  const queryClient = useQueryClient();
  const detail = useTicket(userId, ticketId);
  const fromLists = TABS.flatMap(
    (when) =>
      queryClient
        .getQueryData<InfiniteData<{ items: Ticket[] }>>(ticketKeys.list(userId, when))
        ?.pages.flatMap((p) => p.items) ?? [],
  ).find((x) => x.id === ticketId);
  const ticket = detail.data ?? fromLists;
  if (!ticket) {
    if (detail.isPending) return null;
    return (
      <p
        role="alert"
        className="mt-6 rounded-xl border border-flame-500/40 bg-flame-500/10 px-4 py-3 text-sm text-white"
      >
        {t('pass.notFound')}
      </p>
    );
  }
  return <TicketPass ticket={ticket} syncedAt={syncedAt} onClose={onClose} />;
}
