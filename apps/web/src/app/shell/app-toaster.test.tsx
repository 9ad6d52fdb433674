import { act, render, screen } from '@testing-library/react';
import toast, { useToasterStore } from 'react-hot-toast';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Dialog } from '../../components/ui/dialog.tsx';
import { AppToaster, overLimit, TOASTER_OPTIONS } from './app-toaster.tsx';

function VisibleCount() {
  const { toasts } = useToasterStore();
  return <output data-testid="visible">{toasts.filter((t) => t.visible).length}</output>;
}

describe('toaster', () => {
  // jsdom has no matchMedia; react-hot-toast asks it for prefers-reduced-motion.
  beforeAll(() => {
    window.matchMedia ??= (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList;
  });
  afterEach(() => act(() => toast.remove()));

  it('uses the spec durations and removal delay', () => {
    expect(TOASTER_OPTIONS.blank.duration).toBe(4000);
    expect(TOASTER_OPTIONS.error.duration).toBe(4000);
    expect(TOASTER_OPTIONS.success.duration).toBe(2000);
    expect(TOASTER_OPTIONS.custom.duration).toBe(4000);
    expect(TOASTER_OPTIONS.loading.duration).toBe(Number.POSITIVE_INFINITY);
    expect(TOASTER_OPTIONS.removeDelay).toBe(1000);
    expect(TOASTER_OPTIONS.style.maxWidth).toBe(350);
  });

  it('picks the toasts past the limit among the visible ones', () => {
    const list = Array.from({ length: 23 }, (_, i) => ({ id: String(i), visible: i !== 0 }));
    expect(overLimit(list).map((t) => t.id)).toEqual(['21', '22']);
  });

  it('keeps at most 20 toasts visible', () => {
    const { getByTestId } = render(
      <>
        <AppToaster />
        <VisibleCount />
      </>,
    );
    act(() => {
      for (let i = 0; i < 25; i++) toast(`aviso ${i}`);
    });
    expect(getByTestId('visible').textContent).toBe('20');
  });

  // Outside an open modal dialog a toast would be drawn under it and be inert.
  it('draws the toasts inside the open modal dialog, and back on the page once it closes', () => {
    const page = (open: boolean) => (
      <>
        <AppToaster />
        <Dialog open={open} onClose={() => {}} label="Inicia sesión">
          <p>formulario</p>
        </Dialog>
      </>
    );
    const { rerender } = render(page(true));
    act(() => void toast.error('Contraseña incorrecta'));
    const dialog = screen.getByRole('dialog', { name: 'Inicia sesión' });
    expect(dialog.contains(screen.getByText('Contraseña incorrecta'))).toBe(true);
    rerender(page(false));
    expect(screen.getByText('Contraseña incorrecta').closest('dialog')).toBeNull();
  });
});
