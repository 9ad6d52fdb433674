// The event's re-entry rule: what it is now, the rule each choice sends to the door, and the times refused before
// anything is sent (none chosen, or past the night's end).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagedEvent } from '@nocturna/shared';
import { apiError, renderWithProviders, serveApi, stopApi, type ApiCall } from '../../../test/fake-api.tsx';
import { ReentrySection } from './reentry-section.tsx';

// Saturday 5 December 2026, 23:30 to 06:00 Madrid time (UTC+1).
const event = (extra: Partial<ManagedEvent> = {}): ManagedEvent => ({
  id: 'e1',
  slug: 'noche-larga',
  clubId: 'c1',
  clubName: 'Kápital',
  clubCapacity: 1500,
  name: 'Noche Larga',
  coverURL: '',
  date: '2026-12-05',
  startTime: '23:30',
  endTime: '06:00',
  startAt: '2026-12-05T22:30:00.000Z',
  endAt: '2026-12-06T05:00:00.000Z',
  description: '',
  genres: [],
  lineup: [],
  minimumAge: 18,
  dressCode: 'Libre',
  gallery: 'attendees',
  wallModeration: 'post',
  allowOverCapacity: false,
  status: 'published',
  ticketTypes: [],
  sold: 0,
  reentryPolicy: 'until',
  reentryUntil: null,
  ...extra,
});

let calls: ApiCall[] = [];
function serve(answer: (call: ApiCall) => unknown = ({ body }) => body) {
  calls = serveApi(answer);
}
afterEach(() => {
  stopApi();
  vi.restoreAllMocks();
});

const saveButton = () => screen.getByRole('button', { name: 'Guardar regla de reentrada' });
const reentryPuts = () => calls.filter((c) => c.method === 'PUT' && c.path === '/api/door/events/e1/reentry');

describe('ReentrySection', () => {
  it('says the saved rule, with its time in Madrid', () => {
    serve();
    renderWithProviders(<ReentrySection event={event({ reentryUntil: '2026-12-06T02:00:00.000Z' })} />);
    expect(screen.getByTestId('reentry-current').textContent).toBe(
      'Ahora: quien sale puede volver a entrar hasta las 03:00.',
    );
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Hasta una hora/ }).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Última hora para volver a entrar').value).toBe('03:00');
  });

  it('sends "never" when re-entry is turned off and confirms it', async () => {
    serve();
    const success = vi.spyOn(toast, 'success');
    renderWithProviders(<ReentrySection event={event()} />);
    expect(screen.getByTestId('reentry-current').textContent).toBe(
      'Ahora: quien sale puede volver a entrar toda la noche.',
    );
    fireEvent.click(screen.getByRole('radio', { name: /Sin reentrada/ }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(success).toHaveBeenCalledWith('Regla de reentrada guardada.'));
    expect(reentryPuts().map((c) => c.body)).toEqual([{ policy: 'never' }]);
  });

  it('sends a time after midnight as the next morning of the night', async () => {
    serve();
    renderWithProviders(<ReentrySection event={event({ reentryPolicy: 'never' })} />);
    fireEvent.click(screen.getByRole('radio', { name: /Hasta una hora/ }));
    fireEvent.change(screen.getByLabelText('Última hora para volver a entrar'), {
      target: { value: '03:00' },
    });
    fireEvent.click(saveButton());
    await waitFor(() => expect(reentryPuts()).toHaveLength(1));
    expect(reentryPuts()[0]!.body).toEqual({ policy: 'until', until: '2026-12-06T02:00:00.000Z' });
  });

  it('asks for a time and sends nothing without one', () => {
    serve();
    renderWithProviders(<ReentrySection event={event()} />);
    fireEvent.click(screen.getByRole('radio', { name: /Hasta una hora/ }));
    fireEvent.click(saveButton());
    expect(screen.getByRole('alert').textContent).toBe(
      'Elige la hora hasta la que se puede volver a entrar.',
    );
    const time = screen.getByLabelText('Última hora para volver a entrar');
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('refuses a time after the night has ended and sends nothing', () => {
    serve();
    renderWithProviders(<ReentrySection event={event()} />);
    fireEvent.click(screen.getByRole('radio', { name: /Hasta una hora/ }));
    fireEvent.change(screen.getByLabelText('Última hora para volver a entrar'), {
      target: { value: '07:00' },
    });
    fireEvent.click(saveButton());
    expect(screen.getByRole('alert').textContent).toBe(
      'Esa hora cae después del cierre (06:00): elige una hora de esta noche.',
    );
    expect(calls).toEqual([]);
  });

  it('shows the server’s refusal of the time beside the time field', async () => {
    serve(() => apiError(400, 'VALIDATION_ERROR', 'until'));
    const toastError = vi.spyOn(toast, 'error');
    renderWithProviders(<ReentrySection event={event()} />);
    fireEvent.click(screen.getByRole('radio', { name: /Hasta una hora/ }));
    fireEvent.change(screen.getByLabelText('Última hora para volver a entrar'), {
      target: { value: '02:00' },
    });
    fireEvent.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Hay un dato que no es válido: revísalo y vuelve a intentarlo.',
    );
    expect(toastError).not.toHaveBeenCalled();
  });
});
