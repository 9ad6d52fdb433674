// An admin's role switches for a user: pressed for the roles held, each press granting (PUT) or revoking (DELETE)
// on the server, said in a toast, refused in Spanish.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@nocturna/shared';
import { apiError, renderWithProviders, serveApi, stopApi } from '../../../test/fake-api.tsx';
import { RoleToggles } from './role-toggles.tsx';

const lucia: AdminUser = {
  id: 'u-lu',
  email: 'lucia@example.es',
  name: 'Lucía',
  username: 'lucia',
  roles: ['ceo'],
  createdAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  stopApi();
  vi.restoreAllMocks();
});

describe('RoleToggles', () => {
  it('names each switch by what a press does and presses the roles held', () => {
    serveApi(() => ({ changed: true }));
    renderWithProviders(<RoleToggles user={lucia} />);
    const pressed = screen
      .getAllByRole('button')
      .map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-pressed')]);
    expect(pressed).toEqual([
      ['Conceder el rol Admin a Lucía', 'false'],
      ['Retirar el rol CEO a Lucía', 'true'],
      ['Conceder el rol DJ a Lucía', 'false'],
      ['Conceder el rol RPP a Lucía', 'false'],
    ]);
  });

  it('grants a role not held with a PUT', async () => {
    const calls = serveApi(() => ({ changed: true }));
    const success = vi.spyOn(toast, 'success');
    renderWithProviders(<RoleToggles user={lucia} />);
    fireEvent.click(screen.getByRole('button', { name: 'Conceder el rol DJ a Lucía' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Rol DJ concedido a Lucía'));
    expect(calls).toEqual([{ method: 'PUT', path: '/api/admin/users/u-lu/roles/dj', body: undefined }]);
  });

  it('revokes a role held with a DELETE', async () => {
    const calls = serveApi(() => ({ changed: true }));
    const success = vi.spyOn(toast, 'success');
    renderWithProviders(<RoleToggles user={lucia} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retirar el rol CEO a Lucía' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Rol CEO retirado a Lucía'));
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/admin/users/u-lu/roles/ceo', body: undefined }]);
  });

  it('says in Spanish why a change was refused', async () => {
    serveApi(() => apiError(403, 'FORBIDDEN'));
    const toastError = vi.spyOn(toast, 'error');
    renderWithProviders(<RoleToggles user={lucia} />);
    fireEvent.click(screen.getByRole('button', { name: 'Conceder el rol Admin a Lucía' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('No tienes permiso para hacer esto.'));
  });
});
