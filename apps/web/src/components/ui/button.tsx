// The app's buttons, from one place: the colours of each tone, the keyboard focus ring and the disabled state are
// shared, and the shape says whether the button is a rounded pill (people's pages, inline actions) or a full block
// (the sign-in and account forms). `Button` is the element; `buttonClass` gives the same look to a link. Every class
// is written out whole so Tailwind finds it in the source.
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { focusRing } from '../focus-ring.ts';

export type ButtonTone = 'primary' | 'secondary' | 'danger' | 'ghost' | 'brand';
export type ButtonShape = 'pill' | 'block';
export type ButtonSize = 'sm' | 'md' | 'lg';

// The colours alone, for buttons that keep a layout of their own (the confirm dialog's pair).
export const buttonTone: Record<ButtonTone, string> = {
  primary: 'bg-neon-600 text-white hover:bg-neon-700',
  secondary: 'border border-white/15 text-white/80 hover:border-neon-500/60 hover:text-white',
  danger: 'bg-rose-700 text-white hover:bg-rose-800',
  ghost: 'text-white/70 hover:bg-white/5 hover:text-white',
  // The neon-to-flame gradient of the main call to action on a ticket or gate screen (get a ticket, pay, sign up).
  brand: 'bg-gradient-to-r from-neon-600 to-flame-500 text-white hover:brightness-110',
};

const shapes: Record<ButtonShape, string> = {
  pill: 'inline-flex gap-2 whitespace-nowrap rounded-full px-4 text-sm transition',
  block: 'flex rounded-xl px-5',
};

const heights: Record<ButtonSize, string> = { sm: 'h-9', md: 'h-10', lg: 'h-11' };

// A pill is 40 px tall and a block 44 px unless the size says otherwise.
const defaultSize: Record<ButtonShape, ButtonSize> = { pill: 'md', block: 'lg' };

// The primary pill glows neon on the night background; a block sits in a form and does not.
const primaryPillGlow = 'shadow-[0_0_18px_-6px] shadow-neon-500';

export function buttonClass({
  tone = 'primary',
  shape = 'pill',
  size = defaultSize[shape],
}: { tone?: ButtonTone; shape?: ButtonShape; size?: ButtonSize } = {}): string {
  const glow = tone === 'primary' && shape === 'pill' ? primaryPillGlow : '';
  return [
    shapes[shape],
    heights[size],
    'items-center justify-center font-semibold',
    buttonTone[tone],
    glow,
    `disabled:opacity-50 ${focusRing}`,
  ]
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  tone?: ButtonTone;
  shape?: ButtonShape;
  size?: ButtonSize;
};

// A <button> with the app's look; `className` adds to it (a width, a margin). Like the element, it submits its form
// unless `type` says otherwise.
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { tone, shape, size, className, ...rest },
  ref,
) {
  const look = buttonClass({ tone, shape, size });
  return <button ref={ref} className={className ? `${look} ${className}` : look} {...rest} />;
});
