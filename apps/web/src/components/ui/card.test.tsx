// The Card: the shared box look with the caller's layout added, the element the caller asks for (a section named by
// its heading stays a region landmark), and its props and ref passed through.
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Card, cardClass } from './card.tsx';

const classes = (element: Element) => element.className.split(/\s+/).filter(Boolean);

describe('Card', () => {
  it('is a plain box with the default look and the caller’s classes', () => {
    render(
      <Card data-testid="box" className="grid gap-3">
        Hola
      </Card>,
    );
    const box = screen.getByTestId('box');
    expect(box.tagName).toBe('DIV');
    expect(classes(box)).toEqual([
      'rounded-2xl',
      'border',
      'border-white/10',
      'bg-night-900',
      'p-5',
      'grid',
      'gap-3',
    ]);
  });

  it('as a section named by its heading is a region landmark with that name', () => {
    render(
      <Card as="section" aria-labelledby="t">
        <h2 id="t">Denuncias</h2>
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Denuncias' }).tagName).toBe('SECTION');
  });

  it('takes a tone, a surface and a padding, and passes its ref through', () => {
    const ref = createRef<HTMLElement>();
    render(
      <ul>
        <Card as="li" ref={ref} tone="accent" surface="soft" padding="md-lg">
          Ana
        </Card>
      </ul>,
    );
    expect(ref.current?.tagName).toBe('LI');
    expect(screen.getByRole('listitem').className).toBe(
      'rounded-2xl border border-neon-500/30 bg-night-900/80 p-4 sm:p-5',
    );
  });

  it('gives the same look as a class, with no padding when asked', () => {
    expect(cardClass({ padding: 'none', tone: 'muted' })).toBe(
      'rounded-2xl border border-night-700/70 bg-night-900',
    );
  });
});
