// What a card order costs before paying, as the server quotes it: each line in euros, the booking fee only when
// there is one, the hold time, while it is calculated, and a failed quote that can be asked again.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentQuote } from '@nocturna/shared';
import {
  apiError,
  never,
  renderWithProviders,
  serveApi,
  stopApi,
  type ApiCall,
} from '../../../test/fake-api.tsx';
import { CheckoutSummary } from './checkout-summary.tsx';

const euros = (text: string | null | undefined) => text?.replace(/\u00a0/g, ' ');
const quote = (feeCents: number): PaymentQuote => ({
  ticketTypeId: 'tt1',
  quantity: 3,
  unitPrice: { cents: 1250, currency: 'EUR' },
  feePerTicket: { cents: feeCents, currency: 'EUR' },
  total: { cents: 3 * (1250 + feeCents), currency: 'EUR' },
});

function serve(answerQuote: (call: ApiCall) => unknown) {
  return serveApi((call) =>
    call.path === '/api/payments/config' ? { cardPayments: true, holdMinutes: 15 } : answerQuote(call),
  );
}

afterEach(stopApi);

describe('CheckoutSummary', () => {
  it('shows the tickets, the booking fee and the total the server quotes, and how long places are held', async () => {
    const calls = serve(() => quote(150));
    renderWithProviders(<CheckoutSummary ticketTypeId="tt1" quantity={3} />);
    const summary = await screen.findByTestId('checkout-summary');
    expect([...summary.querySelectorAll('dt, dd')].map((e) => euros(e.textContent))).toEqual([
      '3 entradas × 12,50 €',
      '37,50 €',
      'Gastos de gestión (3 × 1,50 €)',
      '4,50 €',
      'Total a pagar',
      '42 €',
    ]);
    expect(await screen.findByText(/Te reservamos las plazas 15 minutos/)).not.toBeNull();
    expect(calls.map((c) => c.path)).toContain('/api/payments/quote?ticketTypeId=tt1&quantity=3');
  });

  it('leaves out the booking fee when the club charges none', async () => {
    serve(() => quote(0));
    renderWithProviders(<CheckoutSummary ticketTypeId="tt1" quantity={3} />);
    const summary = await screen.findByTestId('checkout-summary');
    expect(summary.textContent).not.toContain('Gastos de gestión');
    expect(euros(screen.getByTestId('checkout-total').textContent)).toBe('37,50 €');
  });

  it('says the total is being calculated', () => {
    serve(never);
    renderWithProviders(<CheckoutSummary ticketTypeId="tt1" quantity={3} />);
    expect(screen.getByRole('status').textContent).toBe('Calculando el total...');
  });

  it('says no total means no charge when the quote fails, and calculates again on request', async () => {
    let asked = 0;
    serve(() => (++asked === 1 ? apiError(500, 'INTERNAL_ERROR') : quote(150)));
    renderWithProviders(<CheckoutSummary ticketTypeId="tt1" quantity={3} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No hemos podido calcular el total. Sin él no te cobramos nada.');
    fireEvent.click(screen.getByRole('button', { name: 'Volver a calcular' }));
    expect(euros((await screen.findByTestId('checkout-total')).textContent)).toBe('42 €');
  });
});
