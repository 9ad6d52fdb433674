// ConfirmDialog in place of window.confirm: the action runs once on "confirm" and never on cancel or Escape, focus
// starts on the harmless button, and the dialog waits while the action runs. The Escape key itself is the browser's
// (jsdom has none): it fires `cancel` on the <dialog>, which is what these tests fire.
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, Dialog } from './dialog.tsx';

function Asking({ onConfirm }: { onConfirm: () => unknown }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Levantar veto
      </button>
      <ConfirmDialog
        open={open}
        title="Levantar un veto"
        message="¿Levantar el veto de Ana? Podrá volver a entrar."
        confirmLabel="Levantar veto"
        cancelLabel="Cancelar"
        tone="danger"
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const ask = (onConfirm: () => unknown) => {
  render(<Asking onConfirm={onConfirm} />);
  const opener = screen.getByRole('button', { name: 'Levantar veto' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = screen.getByRole('alertdialog', { name: 'Levantar un veto' });
  return { opener, dialog };
};
const escape = (dialog: HTMLElement) => fireEvent(dialog, new Event('cancel', { cancelable: true }));

describe('ConfirmDialog', () => {
  it('opens as a modal named by its title and described by its message, focus on "Cancelar"', () => {
    const { dialog } = ask(vi.fn());
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      '¿Levantar el veto de Ana? Podrá volver a entrar.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancelar' }));
  });

  it('runs the action once however often it is pressed, waits for it, then closes and gives focus back', async () => {
    let finish = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { opener, dialog } = ask(action);
    const confirm = screen.getAllByRole('button', { name: 'Levantar veto' }).at(-1)!;
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(action).toHaveBeenCalledTimes(1);
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    // Escape and "Cancelar" wait for the action too.
    escape(dialog);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect((dialog as HTMLDialogElement).open).toBe(true);
    await act(async () => finish());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(action).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener);
  });

  it('closes after a failed action as well, so the failure can be shown', async () => {
    const { dialog } = ask(() => Promise.reject(new Error('no')));
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Levantar veto' }).at(-1)!));
    expect((dialog as HTMLDialogElement).open).toBe(false);
  });

  it('"Cancelar" closes it without the action', () => {
    const action = vi.fn();
    const { opener, dialog } = ask(action);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(action).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('Escape closes it without the action', () => {
    const action = vi.fn();
    const { dialog } = ask(action);
    expect(escape(dialog)).toBe(false); // the dialog handles Escape itself rather than leave it to the browser
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(action).not.toHaveBeenCalled();
  });

  it('a click on the backdrop closes it without the action', () => {
    const action = vi.fn();
    const { dialog } = ask(action);
    fireEvent.click(dialog);
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(action).not.toHaveBeenCalled();
  });
});

describe('Dialog', () => {
  it('without onClose stays open on Escape and on the backdrop, and shows no close button', () => {
    render(
      <Dialog open titleId="t" closeLabel="Cerrar">
        <h2 id="t">Completa tu perfil</h2>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Completa tu perfil' }) as HTMLDialogElement;
    escape(dialog);
    fireEvent.click(dialog);
    expect(dialog.open).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cerrar' })).toBeNull();
  });

  it('keeps the page from scrolling while open', () => {
    const { rerender } = render(
      <Dialog open label="Foto" variant="fullscreen">
        <p>foto</p>
      </Dialog>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    rerender(
      <Dialog open={false} label="Foto" variant="fullscreen">
        <p>foto</p>
      </Dialog>,
    );
    expect(document.body.style.overflow).toBe('');
    expect(screen.queryByText('foto')).toBeNull();
  });
});
