// Reporting a person or a message: a reason is required, the report the dialog posts (note trimmed, left out when
// empty), a report already open, and a failure said in the dialog.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import toast, { useToasterStore } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, renderWithProviders, serveApi, stopApi } from '../../test/fake-api.tsx';
import { ReportDialog, type ReportDialogTarget } from './report-dialog.tsx';

afterEach(() => {
  stopApi();
  vi.restoreAllMocks();
  toast.remove();
});

// The toasts' texts, as the app's toaster would show them.
function ToastTexts() {
  const { toasts } = useToasterStore();
  return (
    <output data-testid="toasts">
      {toasts.map((t) => (typeof t.message === 'string' ? t.message : '')).join('|')}
    </output>
  );
}

function openDialog(target: ReportDialogTarget) {
  const onClose = vi.fn();
  renderWithProviders(<ReportDialog target={target} open onClose={onClose} />);
  return onClose;
}
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar denuncia' }));

describe('ReportDialog', () => {
  it('names the person reported in its title', () => {
    serveApi(() => ({}));
    openDialog({ kind: 'user', userId: 'u-lu', name: 'Lucía' });
    expect(screen.getByRole('heading', { name: 'Denunciar a Lucía' }).tagName).toBe('H2');
  });

  it('asks for a reason and sends nothing without one', () => {
    const calls = serveApi(() => ({}));
    openDialog({ kind: 'user', userId: 'u-lu' });
    send();
    expect(screen.getByRole('alert').textContent).toBe('Elige un motivo.');
    expect(calls).toEqual([]);
  });

  it('posts the message, the reason and the trimmed note, thanks and closes', async () => {
    const calls = serveApi(() => ({ id: 'r1', status: 'open', createdAt: '2026-11-28T01:00:00.000Z' }));
    const success = vi.spyOn(toast, 'success');
    const onClose = openDialog({ kind: 'message', messageId: 'm1', body: 'Compra aquí: spam.es' });
    expect(screen.getByText('Compra aquí: spam.es').tagName).toBe('BLOCKQUOTE');
    fireEvent.click(screen.getByRole('radio', { name: 'Spam o publicidad' }));
    fireEvent.change(screen.getByLabelText('Cuéntanos más (opcional)'), {
      target: { value: '  Lo manda a todos  ' },
    });
    send();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(success).toHaveBeenCalledWith('Denuncia enviada. Gracias por avisarnos.');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/reports',
        body: { target: { kind: 'message', messageId: 'm1' }, reason: 'spam', note: 'Lo manda a todos' },
      },
    ]);
  });

  it('leaves out a note of only spaces', async () => {
    const calls = serveApi(() => ({ id: 'r1', status: 'open', createdAt: '2026-11-28T01:00:00.000Z' }));
    const onClose = openDialog({ kind: 'user', userId: 'u-lu' });
    fireEvent.click(screen.getByRole('radio', { name: 'Parece menor de edad' }));
    fireEvent.change(screen.getByLabelText('Cuéntanos más (opcional)'), { target: { value: '   ' } });
    send();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]!.body).toEqual({ target: { kind: 'user', userId: 'u-lu' }, reason: 'underage' });
  });

  it('tells a person who already reported it, and closes', async () => {
    serveApi(() => apiError(409, 'REPORT_ALREADY_OPEN'));
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <ReportDialog target={{ kind: 'user', userId: 'u-lu' }} open onClose={onClose} />
        <ToastTexts />
      </>,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Otra cosa' }));
    send();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('toasts').textContent).toBe('Ya lo habías denunciado: lo estamos revisando.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says in the dialog why the report was not sent, and stays open', async () => {
    serveApi(() => apiError(500, 'INTERNAL_ERROR'));
    const onClose = openDialog({ kind: 'user', userId: 'u-lu' });
    fireEvent.click(screen.getByRole('radio', { name: 'Otra cosa' }));
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se ha podido enviar la denuncia: Algo ha fallado en el servidor. Inténtalo de nuevo en un momento.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
