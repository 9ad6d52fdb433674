// /tickets (Entradas): upcoming and past tickets; ?ticket=<id> opens one full screen with its QR (notification
// links land there). The list and each QR stay available without signal: the service worker keeps the last answers
// of /api/tickets (asked for by the shell once the worker controls the page: api/keep-wallet-offline.ts), the device
// remembers the session, and offline the page says so with the time of the last sync.
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { Ticket as TicketIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@nocturna/shared';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { PageHeader } from '../../components/catalogue/page-header.tsx';
import { ErrorState, LoadMore } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { TabPanel, Tabs } from '../../components/ui/tabs.tsx';
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
  const tabsId = useId();
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
      <Tabs
        id={tabsId}
        label={t('tabs.label')}
        look="switch"
        className="mt-6"
        tabs={TABS.map((tab) => ({ value: tab, label: t(`tabs.${tab}`) }))}
        selected={when}
        onSelect={(tab) => setParam('tab', tab === 'upcoming' ? null : tab)}
      />

      <TabPanel id={tabsId} selected={when} className="mt-6">
        {list.isPending ? (
          <p role="status" className="text-white/60">
            {t('list.loading')}
          </p>
        ) : list.isError && items.length === 0 ? (
          <ErrorState message={t('list.loadFailed')} error={list.error} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={TicketIcon}
            title={t(`empty.${when}.title`)}
            text={t(`empty.${when}.body`)}
            action={
              when === 'upcoming' && (
                <AppLink to={paths.events} className={`mt-2 ${buttonClass({ tone: 'brand' })}`}>
                  {t('empty.findEvents')}
                </AppLink>
              )
            }
          />
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
      </TabPanel>
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
