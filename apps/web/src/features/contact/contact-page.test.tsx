// /contact: the fields a signed-in person has filled in for them, each field's own error before anything is sent,
// the message the form posts, the server's refusals and the thank-you.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, renderWithProviders, serveApi, stopApi, type ApiCall } from '../../test/fake-api.tsx';
import ContactPage from './contact-page.tsx';

// The page is Ana's: the session the page was drawn with is read once, as its module loads.
await vi.hoisted(async () => {
  const { PAGE_SESSION_GLOBAL } = await import('@nocturna/shared/page-session');
  const { ana } = await import('../auth/api/test-people.ts');
  window[PAGE_SESSION_GLOBAL] = { user: ana, expiresAt: '2026-12-30T10:00:00.000Z' };
});

afterEach(stopApi);

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const write = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/contact');

function fillIn() {
  write('Nombre', 'Marta López');
  write('Correo electrónico', 'marta@example.es');
  fireEvent.change(screen.getByLabelText('Tema'), { target: { value: 'tickets' } });
  write('Mensaje', 'No me ha llegado la entrada del sábado.');
}

describe('ContactPage', () => {
  it('fills in the name and e-mail of a signed-in person', () => {
    serveApi(() => ({}));
    renderWithProviders(<ContactPage />);
    expect(field('Nombre').value).toBe('Ana Ruiz');
    expect(field('Correo electrónico').value).toBe('ana@example.es');
  });

  it('says what is wrong in each field and sends nothing', () => {
    const calls = serveApi(() => ({ received: true }));
    renderWithProviders(<ContactPage />);
    write('Nombre', 'M');
    write('Correo electrónico', 'marta@');
    write('Mensaje', 'Hola');
    send();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Escribe tu nombre (al menos 2 caracteres).',
      'Escribe un correo electrónico válido.',
      'Elige un tema.',
      'Cuéntanos un poco más (al menos 10 caracteres).',
    ]);
    expect(field('Correo electrónico').getAttribute('aria-invalid')).toBe('true');
    expect(field('Tema').getAttribute('aria-invalid')).toBe('true');
    expect(posts(calls)).toEqual([]);
  });

  it('posts the message with the empty bot trap and thanks the person', async () => {
    const calls = serveApi(() => ({ received: true }));
    renderWithProviders(<ContactPage />);
    fillIn();
    send();
    expect((await screen.findByRole('status')).textContent).toBe(
      '¡Mensaje recibido!Te responderemos por correo lo antes posible.',
    );
    expect(posts(calls).map((c) => c.body)).toEqual([
      {
        name: 'Marta López',
        email: 'marta@example.es',
        topic: 'tickets',
        message: 'No me ha llegado la entrada del sábado.',
        website: '',
      },
    ]);
  });

  it('puts the server’s refusal of a field under that field, in the form’s own words', async () => {
    serveApi(() => apiError(400, 'VALIDATION_ERROR', 'email'));
    renderWithProviders(<ContactPage />);
    fillIn();
    send();
    await waitFor(() => expect(field('Correo electrónico').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('Escribe un correo electrónico válido.');
  });

  it('says why the message was not sent when the refusal names no field', async () => {
    serveApi(() => apiError(500, 'INTERNAL_ERROR'));
    renderWithProviders(<ContactPage />);
    fillIn();
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Algo ha fallado en el servidor. Inténtalo de nuevo en un momento.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
