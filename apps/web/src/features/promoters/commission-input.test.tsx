import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { commissionInputText, parseCommission } from './commission-input.ts';
import { CommissionEditor } from './components/commission-editor.tsx';

describe('parseCommission', () => {
  it('reads euros as cents and a percentage as basis points, with a comma or a point', () => {
    expect(parseCommission('fixed', '2,50')).toEqual({ ok: true, commission: { kind: 'fixed', value: 250 } });
    expect(parseCommission('fixed', ' 7.5 € ')).toEqual({
      ok: true,
      commission: { kind: 'fixed', value: 750 },
    });
    expect(parseCommission('percent', '10 %')).toEqual({
      ok: true,
      commission: { kind: 'percent', value: 1000 },
    });
    expect(parseCommission('percent', '12,75')).toEqual({
      ok: true,
      commission: { kind: 'percent', value: 1275 },
    });
  });

  it('refuses text, negatives, more than 100 % and more than 1.000 €', () => {
    expect(parseCommission('fixed', 'dos')).toEqual({ ok: false, error: 'invalid' });
    expect(parseCommission('fixed', '')).toEqual({ ok: false, error: 'invalid' });
    expect(parseCommission('fixed', '1,234')).toEqual({ ok: false, error: 'invalid' });
    expect(parseCommission('fixed', '-2')).toEqual({ ok: false, error: 'negative' });
    expect(parseCommission('percent', '150')).toEqual({ ok: false, error: 'overHundred' });
    expect(parseCommission('fixed', '1000,01')).toEqual({ ok: false, error: 'tooMuch' });
  });

  it('writes a kept value back the way it is typed', () => {
    expect(commissionInputText({ kind: 'fixed', value: 250 }, 'es-ES')).toBe('2,50');
    expect(commissionInputText({ kind: 'fixed', value: 200 }, 'es-ES')).toBe('2');
    expect(commissionInputText({ kind: 'percent', value: 1250 }, 'en-GB')).toBe('12.5');
  });
});

describe('CommissionEditor', () => {
  const renderEditor = (onSave = vi.fn(), serverError: string | null = null) => {
    render(
      <CommissionEditor
        initial={{ kind: 'fixed', value: 200 }}
        saveLabel="Guardar regla"
        pending={false}
        serverError={serverError}
        onSave={onSave}
      />,
    );
    return onSave;
  };

  it('sends a percentage in basis points when the CEO picks one', () => {
    const onSave = renderEditor();
    fireEvent.change(screen.getByRole('combobox', { name: 'Comisión' }), { target: { value: 'percent' } });
    fireEvent.input(screen.getByRole('textbox', { name: '% del precio' }), { target: { value: '12,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar regla' }));
    expect(onSave).toHaveBeenCalledWith({ kind: 'percent', value: 1250 });
  });

  it('says in Spanish what is wrong and sends nothing', () => {
    const onSave = renderEditor();
    fireEvent.change(screen.getByRole('combobox', { name: 'Comisión' }), { target: { value: 'percent' } });
    const amount = screen.getByRole('textbox', { name: '% del precio' });
    fireEvent.input(amount, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar regla' }));
    expect(screen.getByRole('alert').textContent).toBe('Un porcentaje es como mucho el 100 %.');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    fireEvent.input(amount, { target: { value: 'diez' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar regla' }));
    expect(screen.getByRole('alert').textContent).toBe('Escribe un número, por ejemplo 2,50.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the server’s message when it refuses', () => {
    renderEditor(vi.fn(), 'Ese tipo de entrada en esta discoteca no existe.');
    expect(screen.getByRole('alert').textContent).toBe('Ese tipo de entrada en esta discoteca no existe.');
  });
});
