// The app's section box: the rounded, bordered panel that pages, dashboards and forms group their parts in. `Card`
// is the element, a <div> unless `as` names another (a <section> named by its heading through aria-labelledby stays
// a region landmark, an <li> stays a list item); `cardClass` gives the same look to an element that needs props of
// its own (a <form>, a <fieldset>). The border's colour, the fill and the padding are props rather than classes
// added on top, because two Tailwind classes for the same property do not override each other by their order in
// `className`. Every class is written out whole so Tailwind finds it in the source.
import { createElement, forwardRef, type HTMLAttributes } from 'react';

// The border says what the box holds: most are plain; `accent` marks the one that matters most on the page (your
// night, your link), `success`, `warning` and `danger` carry a state, `muted` and `faint` sit quieter in a list.
export type CardTone = 'default' | 'accent' | 'success' | 'warning' | 'danger' | 'muted' | 'faint';
// `soft` lets the page's glow through a little (settings, profiles); `raised` sits on another card.
export type CardSurface = 'solid' | 'soft' | 'raised';
// `sm-md` and `md-lg` grow one step from a phone to a wider screen.
export type CardPadding = 'none' | 'sm' | 'md' | 'lg' | 'sm-md' | 'md-lg';

const tones: Record<CardTone, string> = {
  default: 'border-white/10',
  accent: 'border-neon-500/30',
  success: 'border-emerald-400/30',
  warning: 'border-amber-400/70',
  danger: 'border-red-400/30',
  muted: 'border-night-700/70',
  faint: 'border-white/5',
};

const surfaces: Record<CardSurface, string> = {
  solid: 'bg-night-900',
  soft: 'bg-night-900/80',
  raised: 'bg-night-800',
};

const paddings: Record<CardPadding, string> = {
  none: '',
  sm: 'p-3',
  md: 'p-4',
  lg: 'p-5',
  'sm-md': 'p-3 sm:p-4',
  'md-lg': 'p-4 sm:p-5',
};

export type CardLook = { tone?: CardTone; surface?: CardSurface; padding?: CardPadding };

export function cardClass({ tone = 'default', surface = 'solid', padding = 'lg' }: CardLook = {}): string {
  return ['rounded-2xl border', tones[tone], surfaces[surface], paddings[padding]].filter(Boolean).join(' ');
}

// The elements a card may be: boxes, landmarks, lists and list items, a paragraph. A form or a fieldset takes
// `cardClass` instead, so it keeps its own props (onSubmit, disabled).
export type CardElement = 'div' | 'p' | 'section' | 'article' | 'aside' | 'nav' | 'li' | 'dl' | 'ol' | 'ul';

type CardProps = HTMLAttributes<HTMLElement> & CardLook & { as?: CardElement };

// A card; `className` adds to its look (a layout, a margin, a width) and every other prop, aria-labelledby
// included, goes to the element.
export const Card = forwardRef<HTMLElement, CardProps>(function Card(
  { as = 'div', tone, surface, padding, className, ...rest },
  ref,
) {
  const look = cardClass({ tone, surface, padding });
  return createElement(as, { ref, className: className ? `${look} ${className}` : look, ...rest });
});
