// Adding and editing a ticket type: what the CEO is told when a field is wrong, and the body the form posts.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ManagedTicketType, TicketTypeInput } from '@nocturna/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { TicketTypeForm } from './ticket-type-form.tsx';

const type: ManagedTicketType = {
  id: 't1',
  name: 'VIP',
  price: { cents: 1500, currency: 'EUR' },
  capacity: 80,
  sold: 12,
  salesFrom: null,
  salesUntil: null,
  perPersonLimit: 4,
  kind: 'online',
  hidden: true,
  paused: false,
  codes: ['AMIGOS', 'RRPP'],
  position: 0,
};

const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
const type_ = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('TicketTypeForm', () => {
  it('asks for the name and the price and sends nothing without them', async () => {
    const onSubmit = vi.fn<(input: TicketTypeInput) => Promise<unknown>>();
    render(<TicketTypeForm onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Añadir entrada' }));
    await waitFor(() => expect(field('Nombre').getAttribute('aria-invalid')).toBe('true'));
    expect(field('Precio (€)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Este campo es obligatorio.',
      'Este campo es obligatorio.',
    ]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a price that is not a number', async () => {
    const onSubmit = vi.fn<(input: TicketTypeInput) => Promise<unknown>>();
    render(<TicketTypeForm onSubmit={onSubmit} />);
    type_('Nombre', 'General');
    type_('Precio (€)', 'doce');
    fireEvent.click(screen.getByRole('button', { name: 'Añadir entrada' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Escribe un precio válido, por ejemplo 15 o 12,50.',
    );
    expect(field('Precio (€)').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('posts the price in cents, the codes as a list and the sales window as instants', async () => {
    const onSubmit = vi.fn<(input: TicketTypeInput) => Promise<unknown>>().mockResolvedValue(undefined);
    render(<TicketTypeForm onSubmit={onSubmit} />);
    type_('Nombre', '  Lista  ');
    type_('Precio (€)', '12,50');
    type_('Plazas', '50');
    type_('Máximo por persona', '4');
    fireEvent.change(screen.getByLabelText('Cobro'), { target: { value: 'online' } });
    type_('Venta desde', '2026-12-01T20:00');
    type_('Códigos', 'AMIGOS, vip-1  RRPP,');
    fireEvent.click(screen.getByLabelText('Oculta: no aparece en la página, solo con un código'));
    fireEvent.click(screen.getByRole('button', { name: 'Añadir entrada' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'Lista',
      priceCents: 1250,
      capacity: 50,
      perPersonLimit: 4,
      salesFrom: new Date('2026-12-01T20:00').toISOString(),
      salesUntil: null,
      hidden: true,
      payment: 'online',
      codes: ['AMIGOS', 'vip-1', 'RRPP'],
    });
    // A new type's form is emptied for the next one.
    await waitFor(() => expect(field('Nombre').value).toBe(''));
  });

  it('edits a type with its saved values and posts them back unchanged', async () => {
    const onSubmit = vi.fn<(input: TicketTypeInput) => Promise<unknown>>().mockResolvedValue(undefined);
    render(<TicketTypeForm type={type} onSubmit={onSubmit} onCancel={() => {}} />);
    expect(field('Nombre').value).toBe('VIP');
    // The saved price as a Spanish reader writes it, like the field's own hint ("15 o 12,50").
    expect(field('Precio (€)').value).toBe('15,00');
    expect(field('Códigos').value).toBe('AMIGOS, RRPP');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'VIP',
      priceCents: 1500,
      capacity: 80,
      perPersonLimit: 4,
      salesFrom: null,
      salesUntil: null,
      hidden: true,
      payment: 'online',
      codes: ['AMIGOS', 'RRPP'],
    });
  });

  it('shows the server’s refusal of the price in cents under the price field, in Spanish', async () => {
    const onSubmit = vi
      .fn<(input: TicketTypeInput) => Promise<unknown>>()
      .mockRejectedValue(
        new ApiRequestError(400, { code: 'VALIDATION_ERROR', message: 'Precio máximo', field: 'priceCents' }),
      );
    render(<TicketTypeForm type={type} onSubmit={onSubmit} />);
    type_('Precio (€)', '2000');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(field('Precio (€)').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Hay un dato que no es válido: revísalo y vuelve a intentarlo.',
    );
  });
});
