// Opening a club: its short address follows the name until typed by hand, the required fields, and the body posted.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ClubInput } from '@nocturna/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { ClubForm } from './club-form.tsx';

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const write = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Dar de alta' }));

describe('ClubForm', () => {
  it('makes the short address from the name, without accents, until it is written by hand', () => {
    render(<ClubForm submitLabel="Dar de alta" onSubmit={vi.fn()} />);
    write('Nombre', 'Sala Él & Ña');
    expect(input('Dirección corta').value).toBe('sala-el-na');
    write('Dirección corta', 'mi-sala');
    write('Nombre', 'Otra Sala');
    expect(input('Dirección corta').value).toBe('mi-sala');
  });

  it('asks for the name, the short address and the address and sends nothing without them', async () => {
    const onSubmit = vi.fn<(input: ClubInput) => Promise<unknown>>();
    render(<ClubForm submitLabel="Dar de alta" onSubmit={onSubmit} />);
    save();
    await waitFor(() => expect(input('Nombre').getAttribute('aria-invalid')).toBe('true'));
    expect(input('Dirección corta').getAttribute('aria-invalid')).toBe('true');
    expect(input('Dirección').getAttribute('aria-invalid')).toBe('true');
    expect(input('Horario').getAttribute('aria-invalid')).toBe('false');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('posts numbers as numbers, the chosen nights, and empty links as null', async () => {
    const onSubmit = vi.fn<(input: ClubInput) => Promise<unknown>>().mockResolvedValue(undefined);
    render(<ClubForm submitLabel="Dar de alta" onSubmit={onSubmit} />);
    write('Nombre', 'Fabrik');
    write('Dirección', 'Av. de la Industria, 82');
    write('Aforo', '2500');
    write('Instagram', '   ');
    write('Web', ' https://fabrik.es ');
    fireEvent.click(screen.getByRole('button', { name: 'Jue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Vie' }));
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const club = onSubmit.mock.calls[0]![0];
    expect(club).toMatchObject({
      name: 'Fabrik',
      slug: 'fabrik',
      address: 'Av. de la Industria, 82',
      capacity: 2500,
      latitude: 40.4168,
      minimumAge: 18,
      openingDays: ['SAT', 'THU'],
      instagram: null,
      website: 'https://fabrik.es',
    });
  });

  it('shows a short address already taken under that field', async () => {
    const onSubmit = vi
      .fn<(input: ClubInput) => Promise<unknown>>()
      .mockRejectedValue(new ApiRequestError(409, { code: 'SLUG_TAKEN', message: 'En uso', field: 'slug' }));
    render(<ClubForm submitLabel="Dar de alta" onSubmit={onSubmit} />);
    write('Nombre', 'Fabrik');
    write('Dirección', 'Av. de la Industria, 82');
    save();
    await waitFor(() => expect(input('Dirección corta').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('Esa dirección corta ya está en uso: elige otra.');
  });
});
