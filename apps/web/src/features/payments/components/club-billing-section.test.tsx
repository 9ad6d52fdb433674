// The club's card-payment details: the warning while none are saved, the fee typed in euros and sent in cents,
// a wrong fee refused before sending, and the server's refusal under its field.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, never, renderWithProviders, serveApi, stopApi } from '../../../test/fake-api.tsx';
import type { ClubBillingView } from '../api/club-billing.ts';
import { ClubBillingSection } from './club-billing-section.tsx';

const saved: ClubBillingView = {
  legalName: 'Kápital Ocio S.L.',
  nif: 'B12345678',
  vatPercent: 21,
  serviceFeeCents: 150,
  configured: true,
};

afterEach(() => {
  stopApi();
  vi.restoreAllMocks();
});

const box = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar datos de cobro' }));

describe('ClubBillingSection', () => {
  it('says it is loading the details', () => {
    serveApi(never);
    renderWithProviders(<ClubBillingSection clubId="c1" />);
    expect(screen.getByRole('status').textContent).toBe('Cargando datos de cobro...');
  });

  it('warns that nothing can be paid by card until the details are saved', async () => {
    serveApi(() => ({ legalName: '', nif: '', vatPercent: 21, serviceFeeCents: 0, configured: false }));
    renderWithProviders(<ClubBillingSection clubId="c1" />);
    expect((await screen.findByRole('note')).textContent).toMatch(/^Aún sin datos: hasta que indiques/);
  });

  it('sends the fee typed in euros with a comma as cents', async () => {
    const calls = serveApi(({ method, body }) =>
      method === 'PUT' ? { ...(body as object), configured: true } : saved,
    );
    const success = vi.spyOn(toast, 'success');
    renderWithProviders(<ClubBillingSection clubId="c1" />);
    await screen.findByDisplayValue('B12345678');
    fireEvent.change(box('IVA (%)'), { target: { value: '10' } });
    fireEvent.change(box('Gastos de gestión por entrada (€)'), { target: { value: '0,75' } });
    save();
    await waitFor(() => expect(success).toHaveBeenCalledWith('Datos de cobro guardados'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/api/clubs/c1/billing',
        body: { legalName: 'Kápital Ocio S.L.', nif: 'B12345678', vatPercent: 10, serviceFeeCents: 75 },
      },
    ]);
  });

  it('refuses a fee that is not an amount and sends nothing', async () => {
    const calls = serveApi(() => saved);
    renderWithProviders(<ClubBillingSection clubId="c1" />);
    await screen.findByDisplayValue('B12345678');
    fireEvent.change(box('Gastos de gestión por entrada (€)'), { target: { value: 'uno' } });
    save();
    expect(screen.getByRole('alert').textContent).toBe('Escribe un importe en euros, p. ej. 1,50');
    expect(box('Gastos de gestión por entrada (€)').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('shows the server’s refusal of the NIF under the NIF', async () => {
    serveApi(({ method }) => (method === 'PUT' ? apiError(400, 'VALIDATION_ERROR', 'nif') : saved));
    renderWithProviders(<ClubBillingSection clubId="c1" />);
    await screen.findByDisplayValue('B12345678');
    fireEvent.change(box('NIF'), { target: { value: 'B1' } });
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Hay un dato que no es válido: revísalo y vuelve a intentarlo.',
    );
    expect(box('NIF').getAttribute('aria-invalid')).toBe('true');
  });
});
