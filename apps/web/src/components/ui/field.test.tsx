// The shared form field wires its control for screen readers the same way in every form: the label names it, the
// note under it (the error, else the hint) describes it, an error marks it invalid and is announced, and a control
// or decoration inside its right edge leaves room for itself.
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Field, Input, Select, TextArea } from './field.tsx';

// What a screen reader reads after the name: the texts aria-describedby points at, in order.
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`)
    .join(' ');

describe('Field', () => {
  it('names its input by the label and describes it by the hint, not invalid', () => {
    render(
      <Field label="Correo" hint="Te escribimos aquí">
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Correo' });
    expect(description(input)).toBe('Te escribimos aquí');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the error instead of the hint, marks the control invalid and announces the error', () => {
    render(
      <Field label="Nombre" hint="Como te conocen" error="Pon tu nombre.">
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Nombre' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toBe('Pon tu nombre.');
    expect(screen.getByRole('alert').textContent).toBe('Pon tu nombre.');
    expect(screen.queryByText('Como te conocen')).toBeNull();
  });

  it('keeps no description when there is neither hint nor error', () => {
    render(
      <Field label="Ciudad">
        <Input />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Ciudad' }).hasAttribute('aria-describedby')).toBe(false);
  });

  it('keeps the id and the description the control already had', () => {
    render(
      <>
        <p id="extra">Solo letras</p>
        <Field label="Usuario" hint="Único">
          <Input id="username" aria-describedby="extra" />
        </Field>
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Usuario' });
    expect(input.getAttribute('id')).toBe('username');
    expect(description(input)).toBe('Solo letras Único');
  });

  it('wires a text area and a select the same way', () => {
    render(
      <>
        <Field label="Bio" error="Demasiado larga.">
          <TextArea />
        </Field>
        <Field label="Pago" hint="En la puerta o en línea">
          <Select>
            <option value="door">Puerta</option>
          </Select>
        </Field>
      </>,
    );
    expect(description(screen.getByRole('textbox', { name: 'Bio' }))).toBe('Demasiado larga.');
    expect(description(screen.getByRole('combobox', { name: 'Pago' }))).toBe('En la puerta o en línea');
  });

  it('leaves room inside the right edge for an action, which stays clickable, and passes refs through', () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <Field label="Contraseña" action={<button type="button">Mostrar</button>}>
        <Input ref={ref} type="password" className="font-mono" />
      </Field>,
    );
    expect(ref.current).toBeInstanceOf(HTMLInputElement);
    expect(ref.current!.className.split(/\s+/)).toEqual(
      expect.arrayContaining(['font-mono', 'pr-12', 'h-11']),
    );
    expect(screen.getByRole('button', { name: 'Mostrar' }).closest('span')!.className).not.toContain(
      'pointer-events-none',
    );
  });
});
