// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { focusRing } from '../focus-ring.ts';
import { buttonClass, buttonTone } from './button.tsx';
import { inputClass, textareaClass } from './field.tsx';

const classes = (value: string) => value.split(/\s+/).filter(Boolean);

describe('buttonClass', () => {
  it('makes the primary pill a 40 px neon pill that glows', () => {
    const pill = classes(buttonClass({ tone: 'primary', shape: 'pill' }));
    expect(pill).toEqual(
      expect.arrayContaining([
        'inline-flex',
        'h-10',
        'rounded-full',
        'px-4',
        'text-sm',
        'bg-neon-600',
        'text-white',
      ]),
    );
    expect(pill).toEqual(
      expect.arrayContaining(['hover:bg-neon-700', 'shadow-neon-500', 'disabled:opacity-50']),
    );
    expect(pill).not.toContain('rounded-xl');
  });

  it('makes the primary block a 44 px neon block without the glow', () => {
    const block = classes(buttonClass({ tone: 'primary', shape: 'block' }));
    expect(block).toEqual(
      expect.arrayContaining(['flex', 'h-11', 'rounded-xl', 'px-5', 'bg-neon-600', 'hover:bg-neon-700']),
    );
    expect(block).not.toContain('rounded-full');
    expect(block).not.toContain('shadow-neon-500');
  });

  it('outlines the secondary tone and paints the danger tone red', () => {
    const secondary = classes(buttonClass({ tone: 'secondary' }));
    expect(secondary).toEqual(expect.arrayContaining(['border', 'border-white/15', 'text-white/80']));
    expect(secondary).not.toContain('bg-neon-600');
    const danger = classes(buttonClass({ tone: 'danger', shape: 'block' }));
    expect(danger).toEqual(expect.arrayContaining(['bg-rose-700', 'hover:bg-rose-800', 'text-white']));
    expect(danger).not.toContain('bg-neon-600');
  });

  it('paints the brand tone with the neon-to-flame gradient, without the primary glow', () => {
    const brand = classes(buttonClass({ tone: 'brand' }));
    expect(brand).toEqual(
      expect.arrayContaining(['bg-gradient-to-r', 'from-neon-600', 'to-flame-500', 'text-white']),
    );
    expect(brand).not.toContain('bg-neon-600');
    expect(brand).not.toContain('shadow-neon-500');
  });

  it('lets the size override the shape’s height', () => {
    expect(classes(buttonClass({ shape: 'pill', size: 'lg' }))).toContain('h-11');
    expect(classes(buttonClass({ shape: 'block', size: 'md' }))).toContain('h-10');
  });

  it('gives every tone and shape the same focus ring and disabled state', () => {
    for (const tone of ['primary', 'secondary', 'danger', 'ghost', 'brand'] as const) {
      for (const shape of ['pill', 'block'] as const) {
        const value = buttonClass({ tone, shape });
        expect(value).toContain(focusRing);
        expect(classes(value)).toContain('disabled:opacity-50');
        expect(value).toContain(buttonTone[tone]);
      }
    }
  });
});

describe('field classes', () => {
  it('draws an invalid input and textarea with the red border', () => {
    expect(classes(inputClass)).toContain('aria-[invalid=true]:border-flame-500');
    expect(classes(textareaClass)).toContain('aria-[invalid=true]:border-flame-500');
  });

  it('keeps the input 44 px tall and the textarea at least 96 px, both with the focus ring', () => {
    expect(classes(inputClass)).toContain('h-11');
    expect(classes(textareaClass)).toEqual(expect.arrayContaining(['min-h-24', 'py-2']));
    expect(inputClass).toContain(focusRing);
    expect(textareaClass).toContain(focusRing);
  });
});
