// The club's active bans: who, why and until when; lifting one asks first, then tells how it went.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ban } from '@nocturna/shared';
import { apiError, renderWithProviders, serveApi, stopApi } from '../../../test/fake-api.tsx';
import { BanList } from './ban-list.tsx';

const ban = (id: string, extra: Partial<Ban> = {}): Ban => ({
  id,
  clubId: 'c1',
  userId: 'u-lu',
  personName: 'Lucía Gil',
  username: 'lucia',
  ticketId: 't1',
  incidentId: null,
  reason: 'Pelea en la pista',
  until: '2026-12-28T01:30:00.000Z',
  createdAt: '2026-11-28T01:30:00.000Z',
  liftedAt: null,
  active: true,
  ...extra,
});

afterEach(() => {
  stopApi();
  vi.restoreAllMocks();
});

describe('BanList', () => {
  it('says nobody is banned when the list is empty', () => {
    serveApi(() => ({}));
    renderWithProviders(<BanList clubId="c1" items={[]} />);
    expect(screen.getByText('Nadie está vetado en esta discoteca.').tagName).toBe('P');
  });

  it('shows who, why, and the last day in Madrid or "Indefinido"', () => {
    serveApi(() => ({}));
    renderWithProviders(
      <BanList
        clubId="c1"
        items={[ban('b1'), ban('b2', { personName: 'Marcos', username: null, until: null, reason: 'Robo' })]}
      />,
    );
    const items = within(screen.getByTestId('ban-list')).getAllByRole('listitem');
    expect([...items[0]!.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Lucía Gil · @lucia',
      'Pelea en la pista',
      'Hasta el 28 de diciembre de 2026',
    ]);
    expect([...items[1]!.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Marcos',
      'Robo',
      'Indefinido',
    ]);
  });

  it('lifts a ban only once it is confirmed', async () => {
    const calls = serveApi(() => ban('b1', { active: false }));
    const success = vi.spyOn(toast, 'success');
    renderWithProviders(<BanList clubId="c1" items={[ban('b1')]} />);
    fireEvent.click(within(screen.getByTestId('ban-list')).getByRole('button', { name: 'Levantar veto' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Levantar un veto' });
    expect(dialog.textContent).toContain('¿Levantar el veto de Lucía Gil? Podrá volver a entrar.');
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Levantar veto' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Veto levantado'));
    expect(calls).toEqual([{ method: 'POST', path: '/api/clubs/c1/bans/b1/lift', body: undefined }]);
  });

  it('says why a ban could not be lifted', async () => {
    serveApi(() => apiError(409, 'BAN_ALREADY_LIFTED'));
    const toastError = vi.spyOn(toast, 'error');
    renderWithProviders(<BanList clubId="c1" items={[ban('b1')]} />);
    fireEvent.click(within(screen.getByTestId('ban-list')).getByRole('button', { name: 'Levantar veto' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Levantar un veto' })).getByRole('button', {
        name: 'Levantar veto',
      }),
    );
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Este veto ya estaba levantado.'));
  });
});
