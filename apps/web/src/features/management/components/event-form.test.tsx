// Creating or editing an event: the required fields, the line-up of DJs (linked to their Nocturna account or not),
// and where the server's refusals are shown.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventInput } from '@nocturna/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { renderWithProviders, serveApi, stopApi } from '../../../test/fake-api.tsx';
import { blankEvent } from './event-form-values.ts';
import { EventForm } from './event-form.tsx';

beforeEach(() => {
  serveApi(({ path }) =>
    path.startsWith('/api/manage/djs')
      ? { items: [{ id: 'u-sol', name: 'DJ Sol', username: 'djsol' }] }
      : { items: [] },
  );
});
afterEach(() => {
  stopApi();
  vi.restoreAllMocks();
});

const clubs = [
  { id: 'c1', name: 'Kápital' },
  { id: 'c2', name: 'Fabrik' },
];

function renderForm(onSubmit: (input: EventInput) => Promise<unknown>) {
  return renderWithProviders(
    <EventForm
      initial={blankEvent('c1', '2026-12-05')}
      clubs={clubs}
      submitLabel="Crear borrador"
      onSubmit={onSubmit}
    />,
  );
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Crear borrador' }));

describe('EventForm', () => {
  it('asks for the name and sends nothing without it', async () => {
    const onSubmit = vi.fn<(input: EventInput) => Promise<unknown>>();
    renderForm(onSubmit);
    save();
    const name = screen.getByLabelText('Nombre');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('Este campo es obligatorio.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('posts the club, the music and a line-up with a DJ linked to their account', async () => {
    const onSubmit = vi.fn<(input: EventInput) => Promise<unknown>>().mockResolvedValue(undefined);
    renderForm(onSubmit);
    expect(screen.queryByText('Todavía no hay nadie en el cartel.')).not.toBeNull();
    fireEvent.change(screen.getByLabelText('Discoteca'), { target: { value: 'c2' } });
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: ' Noche Larga ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Techno' }));
    fireEvent.click(screen.getByRole('button', { name: 'Añadir DJ' }));
    fireEvent.change(screen.getByLabelText('Nombre del DJ'), { target: { value: 'DJ Sol' } });
    // The accounts arrive from the server; the DJ is linked to one.
    await screen.findByRole('option', { name: 'DJ Sol (@djsol)' });
    fireEvent.change(screen.getByLabelText('Cuenta de DJ en Nocturna'), { target: { value: 'u-sol' } });
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '01:00' } });
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const input = onSubmit.mock.calls[0]![0];
    expect(input.clubId).toBe('c2');
    expect(input.name).toBe('Noche Larga');
    expect(input.genres).toEqual(['techno']);
    expect(input.lineup).toEqual([
      { djName: 'DJ Sol', djUserId: 'u-sol', startTime: '01:00', endTime: null },
    ]);
  });

  it('removes a DJ from the line-up before it is sent', async () => {
    const onSubmit = vi.fn<(input: EventInput) => Promise<unknown>>().mockResolvedValue(undefined);
    renderForm(onSubmit);
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Noche Larga' } });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir DJ' }));
    fireEvent.click(screen.getByRole('button', { name: 'Añadir DJ' }));
    const [first, second] = screen.getAllByLabelText<HTMLInputElement>('Nombre del DJ');
    fireEvent.change(first!, { target: { value: 'Primera' } });
    fireEvent.change(second!, { target: { value: 'Segundo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Quitar el DJ 1' }));
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].lineup.map((l) => l.djName)).toEqual(['Segundo']);
  });

  it('shows the server’s refusal of a DJ under the line-up', async () => {
    const onSubmit = vi
      .fn<(input: EventInput) => Promise<unknown>>()
      .mockRejectedValue(
        new ApiRequestError(404, { code: 'DJ_NOT_FOUND', message: 'No existe', field: 'lineup.0.djUserId' }),
      );
    renderForm(onSubmit);
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Noche Larga' } });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir DJ' }));
    fireEvent.change(screen.getByLabelText('Nombre del DJ'), { target: { value: 'DJ Sol' } });
    save();
    const lineup = screen.getByRole('group', { name: 'Cartel' });
    expect((await within(lineup).findByRole('alert')).textContent).toBe(
      'Este DJ no existe o ya no está disponible.',
    );
  });

  it('tells in a toast why a save failed when the refusal names no field', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const onSubmit = vi
      .fn<(input: EventInput) => Promise<unknown>>()
      .mockRejectedValue(new ApiRequestError(500, { code: 'HTTP_500', message: '' }));
    renderForm(onSubmit);
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Noche Larga' } });
    save();
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('No se ha podido guardar. Inténtalo de nuevo.'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
