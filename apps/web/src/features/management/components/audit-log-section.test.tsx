// The audit log: who changed what, with the fields before and after; its filters go to the server; its empty and
// failed states; more entries on request.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@nocturna/shared';
import { apiError, renderWithProviders, serveApi, stopApi, type ApiCall } from '../../../test/fake-api.tsx';
import { AuditLogSection } from './audit-log-section.tsx';

const entry = (id: string, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  actorId: 'u-ana',
  actorName: 'Ana Ruiz',
  clubId: 'c1',
  entity: 'event',
  entityId: 'e1',
  action: 'update',
  before: { name: 'Noche Corta', minimumAge: 18 },
  after: { name: 'Noche Larga', minimumAge: 21 },
  createdAt: '2026-11-28T21:15:00.000Z',
  ...extra,
});

const clubs = { items: [{ id: 'c1', name: 'Kápital' }] };
const auditCalls = (calls: ApiCall[]) => calls.filter((c) => c.path.startsWith('/api/manage/audit'));

afterEach(stopApi);

describe('AuditLogSection', () => {
  it('says who changed what, in which club and when, with each field before and after', async () => {
    serveApi(({ path }) =>
      path.startsWith('/api/manage/clubs') ? clubs : { items: [entry('a1')], nextCursor: null },
    );
    renderWithProviders(<AuditLogSection />);
    const log = screen.getByTestId('audit-log');
    await waitFor(() => expect(log.querySelectorAll(':scope > li')).toHaveLength(1));
    const item = log.querySelector('li')!;
    await waitFor(() => expect(item.querySelector('p')!.textContent).toBe('Ana Ruiz editó evento · Kápital'));
    expect(item.textContent).toContain('22:15');
    expect([...item.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual([
      'name: Noche Corta → Noche Larga',
      'minimumAge: 18 → 21',
    ]);
  });

  it('names a change without an author "Alguien" and shows a new entity’s fields without an arrow', async () => {
    serveApi(({ path }) =>
      path.startsWith('/api/manage/clubs')
        ? clubs
        : {
            items: [
              entry('a2', {
                actorName: null,
                action: 'create',
                entity: 'club',
                before: null,
                after: { name: 'Fabrik' },
              }),
            ],
            nextCursor: null,
          },
    );
    renderWithProviders(<AuditLogSection />);
    const log = screen.getByTestId('audit-log');
    await waitFor(() => expect(log.textContent).toContain('Alguien creó discoteca'));
    expect(log.querySelector('ul li')!.textContent).toBe('name: Fabrik');
  });

  it('asks the server for the chosen club and kind only', async () => {
    const calls = serveApi(({ path }) =>
      path.startsWith('/api/manage/clubs') ? clubs : { items: [], nextCursor: null },
    );
    renderWithProviders(<AuditLogSection />);
    await screen.findByRole('option', { name: 'Kápital' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Discoteca' }), { target: { value: 'c1' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Qué' }), { target: { value: 'ticket_type' } });
    await waitFor(() => expect(auditCalls(calls)).toHaveLength(3));
    expect(auditCalls(calls).map((c) => c.path)).toEqual([
      '/api/manage/audit?limit=20',
      '/api/manage/audit?clubId=c1&limit=20',
      '/api/manage/audit?clubId=c1&entity=ticket_type&limit=20',
    ]);
  });

  it('says so when no change matches', async () => {
    serveApi(({ path }) => (path.startsWith('/api/manage/clubs') ? clubs : { items: [], nextCursor: null }));
    renderWithProviders(<AuditLogSection />);
    expect((await screen.findByText('Sin cambios con estos filtros.')).tagName).toBe('P');
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
  });

  it('says so when the log could not be loaded', async () => {
    serveApi(({ path }) => (path.startsWith('/api/manage/clubs') ? clubs : apiError(500, 'INTERNAL_ERROR')));
    renderWithProviders(<AuditLogSection />);
    expect((await screen.findByText('No hemos podido cargar esto.')).tagName).toBe('P');
    expect(screen.queryByText('Sin cambios con estos filtros.')).toBeNull();
  });

  it('loads the next page from the cursor on "Ver más"', async () => {
    const calls = serveApi(({ path }) => {
      if (path.startsWith('/api/manage/clubs')) return clubs;
      return path.includes('cursor=')
        ? { items: [entry('a2', { action: 'publish' })], nextCursor: null }
        : { items: [entry('a1')], nextCursor: 'next-1' };
    });
    renderWithProviders(<AuditLogSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ver más' }));
    const log = screen.getByTestId('audit-log');
    await waitFor(() => expect(log.querySelectorAll(':scope > li')).toHaveLength(2));
    expect(within(log).getAllByText(/publicó/)).toHaveLength(1);
    expect(auditCalls(calls).at(-1)!.path).toBe('/api/manage/audit?cursor=next-1&limit=20');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull());
  });
});
