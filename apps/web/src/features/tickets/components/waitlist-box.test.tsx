// A place the waitlist offers for a card type: the total with the club's fee is on screen before paying, paying
// sends that total and goes to Stripe Checkout; a free or pay-at-the-door offer is taken at once as before.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TicketTypeOffer, WaitlistEntry } from '@nocturna/shared';
import i18n from '../../../i18n/index.ts';
import { setApiTransport } from '../../../lib/api-client.ts';
import { WaitlistBox } from './waitlist-box.tsx';

const offer = (kind: TicketTypeOffer['kind']): TicketTypeOffer => ({
  id: 'tt1',
  name: 'Anticipada',
  kind,
  price: { cents: 2000, currency: 'EUR' },
  availability: 'sold_out',
  remaining: null,
  salesFrom: null,
  salesUntil: null,
  entryUntil: null,
  perPersonLimit: 4,
  heldByMe: 0,
  unlocked: false,
});

const entry: WaitlistEntry = {
  id: 'w1',
  ticketTypeId: 'tt1',
  eventId: 'e1',
  status: 'offered',
  position: null,
  joinedAt: '2026-11-20T20:00:00.000Z',
  offerExpiresAt: '2026-11-20T21:15:00.000Z',
  ticketId: null,
};

type Call = { path: string; method: string; body: unknown };

function server(answers: Record<string, unknown>) {
  const calls: Call[] = [];
  setApiTransport(async (path, init) => {
    calls.push({
      path,
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
    });
    const key = Object.keys(answers).find((k) => path.startsWith(k));
    return new Response(JSON.stringify(key ? answers[key] : {}), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

function show(kind: TicketTypeOffer['kind']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <WaitlistBox offer={offer(kind)} entry={entry} onSignIn={null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const text = (el: HTMLElement) => el.textContent.replace(/\u00a0/g, ' ');

beforeAll(async () => {
  await i18n.changeLanguage('es');
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => setApiTransport((path, init) => fetch(path, init)));

describe('WaitlistBox with a card offer', () => {
  it('shows the total with the fee before paying, sends it, and goes to Checkout', async () => {
    const calls = server({
      '/api/waitlist/w1/quote': {
        ticketTypeId: 'tt1',
        quantity: 1,
        unitPrice: { cents: 2000, currency: 'EUR' },
        feePerTicket: { cents: 150, currency: 'EUR' },
        total: { cents: 2150, currency: 'EUR' },
      },
      '/api/waitlist/w1/accept': {
        tickets: [],
        replayed: false,
        checkout: { orderId: 'o1', status: 'pending', url: 'https://checkout.example/s1' },
      },
    });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    show('online');
    const pay = await screen.findByRole('button', { name: /Pagar 21,50\s€ con tarjeta/ });
    expect(text(screen.getByTestId('checkout-total'))).toBe('21,50 €');
    expect(text(screen.getByTestId('checkout-summary'))).toContain('Gastos de gestión');
    fireEvent.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/s1'));
    expect(calls.find((c) => c.path === '/api/waitlist/w1/accept')).toMatchObject({
      method: 'POST',
      body: { expectedTotalCents: 2150 },
    });
  });

  it('a pay-at-the-door offer is taken at once, with no total to wait for', async () => {
    const calls = server({ '/api/waitlist/w1/accept': { tickets: [], replayed: false } });
    show('door');
    fireEvent.click(screen.getByRole('button', { name: 'Coger mi entrada Anticipada' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/waitlist/w1/accept')).toBe(true));
    expect(calls.some((c) => c.path.includes('/quote'))).toBe(false);
    expect(screen.queryByTestId('checkout-summary')).toBeNull();
  });
});
