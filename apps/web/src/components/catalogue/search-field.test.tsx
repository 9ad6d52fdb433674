// The search box writes to the URL a moment after typing stops. Its own write comes back as the new value, which
// can arrive after more letters were typed: those letters stay. A value from elsewhere (back, "clear filters")
// replaces the text.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchField } from './search-field.tsx';

let written: string[] = [];
// The box with `value` as the URL has it; the test changes it when the URL catches up, as a router does later than
// the write on a busy phone.
const field = (value: string) => (
  <SearchField
    value={value}
    onChange={(next) => written.push(next)}
    placeholder="Nombre o usuario"
    label="Buscar personas"
    clearLabel="Borrar"
  />
);

const box = () => screen.getByRole('searchbox', { name: 'Buscar personas' }) as HTMLInputElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('SearchField', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    written = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes once typing stops, and keeps the letters typed before its own write comes back', () => {
    const { rerender } = render(field(''));
    type('noct');
    wait(349);
    expect(written).toEqual([]);
    wait(1);
    expect(written).toEqual(['noct']);

    type('noctambulo');
    rerender(field('noct'));
    expect(box().value).toBe('noctambulo');

    wait(350);
    expect(written).toEqual(['noct', 'noctambulo']);
  });

  it('replaces the text with a value from elsewhere', () => {
    const { rerender } = render(field(''));
    type('tech');
    rerender(field('house'));
    expect(box().value).toBe('house');
    wait(350);
    expect(written).toEqual([]);
  });

  it('writes at once on Enter and empties on the clear button', () => {
    render(field(''));
    type('  lucia ');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(written).toEqual(['lucia']);
    fireEvent.click(screen.getByRole('button', { name: 'Borrar' }));
    expect(box().value).toBe('');
    expect(written).toEqual(['lucia', '']);
  });
});
