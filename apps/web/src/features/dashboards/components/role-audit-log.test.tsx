// The role audit log: who granted or revoked which role to whom (the system when nobody did), its empty and
// failed states.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoleAuditEntry } from '@nocturna/shared';
import { apiError, renderWithProviders, serveApi, stopApi } from '../../../test/fake-api.tsx';
import { RoleAuditLog } from './role-audit-log.tsx';

const entry = (id: string, extra: Partial<RoleAuditEntry>): RoleAuditEntry => ({
  id,
  userId: 'u-lu',
  userEmail: 'lucia@example.es',
  role: 'ceo',
  action: 'grant',
  actorId: 'u-admin',
  actorEmail: 'admin@nocturna.es',
  createdAt: '2026-11-28T21:15:00.000Z',
  ...extra,
});

afterEach(stopApi);

describe('RoleAuditLog', () => {
  it('words each grant and revoke, naming the system when no one made the change', async () => {
    const calls = serveApi(() => ({
      items: [
        entry('a1', {}),
        entry('a2', { action: 'revoke', role: 'dj', actorId: null, actorEmail: null, userEmail: null }),
      ],
    }));
    renderWithProviders(<RoleAuditLog />);
    const section = screen.getByRole('region', { name: 'Registro de cambios de rol' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((li) => li.querySelector('span')!.textContent)).toEqual([
      'admin@nocturna.es concedió CEO a lucia@example.es',
      'Sistema retiró DJ a u-lu',
    ]);
    expect(items[0]!.querySelector('time')!.textContent).toContain('22:15');
    expect(calls[0]!.path).toBe('/api/admin/roles/audit?limit=50');
  });

  it('says there are no role changes yet', async () => {
    serveApi(() => ({ items: [] }));
    renderWithProviders(<RoleAuditLog />);
    expect((await screen.findByText('Todavía no hay cambios de rol.')).tagName).toBe('P');
  });

  it('says the log could not be loaded', async () => {
    serveApi(() => apiError(403, 'FORBIDDEN'));
    renderWithProviders(<RoleAuditLog />);
    expect((await screen.findByText('No se pudo cargar. Inténtalo de nuevo.')).tagName).toBe('P');
    expect(screen.queryByText('Todavía no hay cambios de rol.')).toBeNull();
  });
});
