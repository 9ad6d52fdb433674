// The Button element: the app's look from buttonClass, what the caller adds, and a <button> that behaves as the
// element does (it submits its form unless told otherwise, passes its ref and its handlers through).
import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from './button.tsx';

const classes = (element: HTMLElement) => element.className.split(/\s+/).filter(Boolean);

describe('Button', () => {
  it('has the primary pill look by default and adds the caller’s classes', () => {
    render(<Button className="w-full">Conectar</Button>);
    const button = screen.getByRole('button', { name: 'Conectar' });
    expect(classes(button)).toEqual(
      expect.arrayContaining([...buttonClass().split(/\s+/).filter(Boolean), 'w-full']),
    );
  });

  it('takes a tone, a shape and a size', () => {
    render(
      <Button tone="ghost" shape="block" size="sm">
        Cerrar
      </Button>,
    );
    const look = classes(screen.getByRole('button', { name: 'Cerrar' }));
    expect(look).toEqual(expect.arrayContaining(['h-9', 'rounded-xl', 'hover:bg-white/5']));
    expect(look).not.toContain('bg-neon-600');
  });

  it('submits its form unless its type says otherwise', () => {
    const submit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => submit(event.nativeEvent)}>
        <Button>Enviar</Button>
        <Button type="button">Cancelar</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(submit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('passes its ref, its handlers and disabled through', () => {
    const ref = createRef<HTMLButtonElement>();
    const click = vi.fn();
    render(
      <Button ref={ref} onClick={click} disabled>
        Guardar
      </Button>,
    );
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Guardar' }));
    expect(ref.current!.disabled).toBe(true);
    fireEvent.click(ref.current!);
    expect(click).not.toHaveBeenCalled();
  });
});
