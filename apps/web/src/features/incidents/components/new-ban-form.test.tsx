// "Vetar a alguien": the night preselected, finding the person by their ticket, each field's own error (the
// server's included) and the ban the form sends.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoorTicket, ManagedEventRow } from '@nocturna/shared';
import { apiError, renderWithProviders, serveApi, stopApi, type ApiCall } from '../../../test/fake-api.tsx';
import { NewBanForm } from './new-ban-form.tsx';

const row = (id: string, name: string, startAt: string): ManagedEventRow => ({
  id,
  slug: id,
  name,
  clubId: 'c1',
  clubName: 'Kápital',
  startAt,
  endAt: startAt,
  status: 'published',
  sold: 0,
  capacity: 100,
  aforo: 100,
  checkedIn: 0,
});
const ticket: DoorTicket = {
  id: 't-lu',
  holderName: 'Lucía Gil',
  holderUsername: 'lucia',
  code: 'ABC123',
  type: 'General',
  status: 'used',
  paymentDue: null,
  entryUntil: null,
  usedAt: null,
  usedDoor: null,
} as DoorTicket;

// Events of the club: one over (last Friday) and one to come (next Friday).
function serve(ban: (call: ApiCall) => unknown = () => ({ id: 'b1', personName: 'Lucía Gil' })) {
  return serveApi((call) => {
    if (call.path.startsWith('/api/manage/events'))
      return call.path.includes('when=past')
        ? { items: [row('e-past', 'Viernes Pasado', '2020-11-27T22:00:00.000Z')] }
        : { items: [row('e-next', 'Viernes Próximo', '2099-12-04T22:00:00.000Z')] };
    if (call.path.includes('/tickets')) return { items: call.path.includes('q=lu') ? [ticket] : [] };
    return ban(call);
  });
}

afterEach(() => {
  stopApi();
  vi.restoreAllMocks();
});

async function openForm() {
  renderWithProviders(<NewBanForm clubId="c1" />);
  fireEvent.click(screen.getByRole('button', { name: 'Vetar a alguien' }));
  return screen.findByRole<HTMLSelectElement>('combobox', { name: 'Evento al que vino (o viene)' });
}

async function choosePerson() {
  fireEvent.change(screen.getByRole('textbox', { name: 'Persona' }), { target: { value: 'lu' } });
  fireEvent.click(await screen.findByRole('button', { name: /Elegir a Lucía Gil \(General\)/ }));
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Vetar' }));

// jsdom lays nothing out and has no scrollIntoView: the elements the form scrolls to are kept instead.
const scrolled: Element[] = [];
beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
});
const bansSent = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

describe('NewBanForm', () => {
  it('preselects the last night over when no night is under way', async () => {
    serve();
    const event = await openForm();
    await waitFor(() => expect(event.value).toBe('e-past'));
    expect([...event.querySelectorAll('optgroup')].map((g) => g.label)).toEqual([
      'Esta noche y próximos',
      'Anteriores',
    ]);
  });

  it('asks for the person and a reason and sends nothing without them', async () => {
    const calls = serve();
    await openForm();
    fireEvent.change(screen.getByRole('textbox', { name: 'Motivo del veto (solo lo ve el personal)' }), {
      target: { value: 'no' },
    });
    submit();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Busca y elige a la persona por su entrada.',
      'Explica el motivo del veto (al menos 3 caracteres).',
    ]);
    const person = screen.getByRole('textbox', { name: 'Persona' });
    expect(person.getAttribute('aria-invalid')).toBe('true');
    // The first field in error is focused and scrolled to, on the next frame.
    await waitFor(() => expect(scrolled).toEqual([person]));
    expect(document.activeElement).toBe(person);
    expect(bansSent(calls)).toEqual([]);
  });

  it('says when no ticket of the night matches the search', async () => {
    serve();
    await openForm();
    fireEvent.change(screen.getByRole('textbox', { name: 'Persona' }), { target: { value: 'zz' } });
    const results = await screen.findByRole('list', { name: 'Entradas encontradas' });
    expect((await within(results).findByText('Ninguna entrada de este evento coincide.')).tagName).toBe('LI');
  });

  it('sends the chosen person’s ticket, the trimmed reason and no end for a ban for ever', async () => {
    const calls = serve();
    const success = vi.spyOn(toast, 'success');
    await openForm();
    await choosePerson();
    expect(screen.getByTestId('ban-chosen').textContent).toBe('Lucía Gil · @lucia · General');
    fireEvent.change(screen.getByRole('textbox', { name: 'Motivo del veto (solo lo ve el personal)' }), {
      target: { value: '  Pelea en la pista  ' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Para siempre' }));
    expect(screen.getByText('Hasta que alguien lo levante.').tagName).toBe('P');
    submit();
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Veto guardado: Lucía Gil no podrá entrar en esta discoteca'),
    );
    expect(bansSent(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/clubs/c1/bans',
        body: { ticketId: 't-lu', reason: 'Pelea en la pista', until: null },
      },
    ]);
    // Saved: the form closes.
    expect(screen.queryByTestId('new-ban-form')).toBeNull();
  });

  it('shows the server’s refusal under the field it names', async () => {
    serve(() => apiError(409, 'ALREADY_BANNED', 'ticketId'));
    await openForm();
    await choosePerson();
    fireEvent.change(screen.getByRole('textbox', { name: 'Motivo del veto (solo lo ve el personal)' }), {
      target: { value: 'Robo en el guardarropa' },
    });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Esta persona ya tiene un veto activo en esta discoteca.',
    );
    expect(screen.getByTestId('new-ban-form')).not.toBeNull();
  });

  it('says a club without events has no one to find, and cannot send', async () => {
    serveApi(() => ({ items: [] }));
    renderWithProviders(<NewBanForm clubId="c1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Vetar a alguien' }));
    expect(
      (
        await screen.findByText(
          'Esta discoteca aún no tiene eventos: no hay entradas con las que encontrar a nadie.',
        )
      ).tagName,
    ).toBe('P');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Vetar' }).disabled).toBe(true);
  });
});
