// One visible keyboard focus style for every interactive element (neon ring on the night background).
export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-neon-400 focus-visible:ring-offset-2 focus-visible:ring-offset-night-950';
