// The wallet buttons on the ticket: only the wallets the server says are configured, only for a ticket that can
// still open the door; Apple's is the .pkpass address, Google's fetches the save link and goes there, and a refusal
// is shown in the page's words.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ticket, WalletAvailability } from '@nocturna/shared';
import i18n from '../../../i18n/index.ts';
import { setApiTransport } from '../../../lib/api-client.ts';
import { ticketKeys } from '../api/ticket-keys.ts';
import { WalletButtons } from './wallet-buttons.tsx';

const ticket = (overrides: Partial<Ticket> = {}): Ticket => ({
  id: 't1',
  status: 'valid',
  type: 'General',
  ticketTypeId: 'tt1',
  price: { cents: 1500, currency: 'EUR' },
  paymentStatus: 'paid',
  holderName: 'Ana',
  code: 'ABCD2345',
  token: 'NT2.qr',
  tokenIssuedAt: null,
  entryUntil: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  checkInAt: null,
  cancelledAt: null,
  transferredTo: null,
  transferredFrom: null,
  event: {
    id: 'e1',
    slug: 'noche',
    name: 'Noche',
    startAt: '2026-11-21T23:00:00.000Z',
    endAt: '2026-11-22T05:00:00.000Z',
    coverURL: '',
  },
  club: {
    id: 'c1',
    slug: 'sala',
    name: 'Sala',
    barrio: 'Malasaña',
    address: 'Calle del Pez 10',
    latitude: 40.4,
    longitude: -3.7,
  },
  canCancel: true,
  canTransfer: true,
  forResale: false,
  canResell: true,
  cancelRule: { mode: 'until_start', hours: null },
  cancellableUntil: '2026-11-21T23:00:00.000Z',
  ...overrides,
});

function server(wallets: WalletAvailability, google: { status: number; body: unknown }) {
  const paths: string[] = [];
  setApiTransport(async (path) => {
    paths.push(path);
    const [status, body] = path === '/api/tickets/wallets' ? [200, wallets] : [google.status, google.body];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return paths;
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function show(props: { ticket: Ticket; online?: boolean }, client = newClient()) {
  const view = (p: { ticket: Ticket; online?: boolean }) => (
    <QueryClientProvider client={client}>
      <WalletButtons ticket={p.ticket} online={p.online ?? true} />
    </QueryClientProvider>
  );
  const rendered = render(view(props));
  return { ...rendered, client, show: (next: typeof props) => rendered.rerender(view(next)) };
}

// Once the server's answer is in the cache, an absent button is absent for good.
const walletsAnswered = (client: QueryClient) =>
  waitFor(() => expect(client.getQueryState(ticketKeys.wallets)?.status).toBe('success'));

const googleOk = { status: 200, body: { url: 'https://pay.google.com/gp/v/save/a.b.c' } };

beforeAll(async () => {
  await i18n.changeLanguage('es');
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  setApiTransport((path, init) => fetch(path, init));
  await i18n.changeLanguage('es');
});

describe('WalletButtons', () => {
  it('shows nothing when the server has no wallet configured', async () => {
    server({ apple: false, google: false }, googleOk);
    const { client } = show({ ticket: ticket() });
    await walletsAnswered(client);
    expect(screen.queryByTestId('wallet-buttons')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Añadir a Apple Wallet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar en Google Wallet' })).toBeNull();
  });

  it('shows only Apple when only Apple is configured, linking to the ticket’s .pkpass', async () => {
    server({ apple: true, google: false }, googleOk);
    show({ ticket: ticket() });
    const link = await screen.findByRole('link', { name: 'Añadir a Apple Wallet' });
    expect(link.getAttribute('href')).toBe('/api/tickets/t1/wallet/apple');
    expect(screen.queryByRole('button', { name: 'Guardar en Google Wallet' })).toBeNull();
  });

  it('Google fetches the save link and goes there', async () => {
    const paths = server({ apple: true, google: true }, googleOk);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    show({ ticket: ticket() });
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar en Google Wallet' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.google.com/gp/v/save/a.b.c'));
    expect(paths).toContain('/api/tickets/t1/wallet/google');
    expect(screen.getByRole('link', { name: 'Añadir a Apple Wallet' }).getAttribute('href')).toBe(
      '/api/tickets/t1/wallet/apple',
    );
  });

  it('words a refusal by its code, in English too', async () => {
    server(
      { apple: false, google: true },
      { status: 409, body: { error: { code: 'TICKET_TRANSFERRED', message: 'raw server text' } } },
    );
    await i18n.changeLanguage('en');
    show({ ticket: ticket() });
    fireEvent.click(await screen.findByRole('button', { name: 'Save to Google Wallet' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This ticket is no longer yours: you passed it to someone else.',
    );
    await i18n.changeLanguage('es');
  });

  it('hides both for a ticket that no longer opens the door, one up for resale, or offline', async () => {
    server({ apple: true, google: true }, googleOk);
    // A live ticket shows them once the server has answered; the same screen then hides them for the others.
    const view = show({ ticket: ticket() });
    expect((await screen.findByTestId('wallet-buttons')).textContent).toBe(
      'Añadir a Apple WalletGuardar en Google Wallet',
    );
    await walletsAnswered(view.client);
    const cases = [
      { ticket: ticket({ status: 'used' }) },
      { ticket: ticket({ status: 'cancelled', token: null }) },
      { ticket: ticket({ status: 'transferred', token: null }) },
      { ticket: ticket({ status: 'refused', token: null }) },
      { ticket: ticket({ forResale: true }) },
      { ticket: ticket(), online: false },
    ];
    for (const props of cases) {
      view.show(props);
      expect(screen.queryByTestId('wallet-buttons'), JSON.stringify(props.ticket.status)).toBeNull();
    }
    view.show({ ticket: ticket() });
    expect(screen.getByTestId('wallet-buttons').textContent).toBe(
      'Añadir a Apple WalletGuardar en Google Wallet',
    );
  });
});
