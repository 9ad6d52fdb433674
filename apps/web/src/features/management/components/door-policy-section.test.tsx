// The club's door policy switch: saved as it is switched, confirmed or refused in a toast.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagedClub } from '@nocturna/shared';
import { apiError, renderWithProviders, serveApi, stopApi } from '../../../test/fake-api.tsx';
import { DoorPolicySection } from './door-policy-section.tsx';

const club: ManagedClub = {
  id: 'c1',
  slug: 'kapital',
  name: 'Kápital',
  barrio: 'Centro',
  address: 'Calle de Atocha, 125',
  latitude: 40.41,
  longitude: -3.69,
  description: '',
  genres: [],
  openingDays: ['FRI', 'SAT'],
  openingHours: '00:00–06:00',
  minimumAge: 18,
  dressCode: 'Libre',
  priceRange: '15–25 €',
  capacity: 1500,
  instagram: null,
  website: null,
  logoURL: '',
  coverURL: '',
  archived: false,
  refundOnRefusal: false,
};

afterEach(() => {
  stopApi();
  vi.restoreAllMocks();
});

const refundBox = () =>
  screen.getByRole<HTMLInputElement>('checkbox', {
    name: 'Devolver el dinero de las entradas rechazadas en la puerta',
  });

describe('DoorPolicySection', () => {
  it('shows the saved policy', () => {
    serveApi(() => club);
    renderWithProviders(<DoorPolicySection club={{ ...club, refundOnRefusal: true }} />);
    expect(refundBox().checked).toBe(true);
  });

  it('saves the refund policy as soon as it is switched on', async () => {
    const calls = serveApi(() => ({ ...club, refundOnRefusal: true }));
    const success = vi.spyOn(toast, 'success');
    renderWithProviders(<DoorPolicySection club={club} />);
    fireEvent.click(refundBox());
    await waitFor(() => expect(success).toHaveBeenCalledWith('Política de la puerta guardada.'));
    expect(calls).toEqual([
      { method: 'PATCH', path: '/api/manage/clubs/c1', body: { refundOnRefusal: true } },
    ]);
  });

  it('says in Spanish why the policy was not saved', async () => {
    serveApi(() => apiError(403, 'FORBIDDEN'));
    const toastError = vi.spyOn(toast, 'error');
    renderWithProviders(<DoorPolicySection club={club} />);
    fireEvent.click(refundBox());
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('No tienes permiso para hacer esto.'));
  });
});
