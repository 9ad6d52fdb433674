// The three lists the home page shows; its route loader (public-loaders.ts) starts them with the page's code.
export const HOME_ROW = 6;
export const TONIGHT = { when: 'hoy' } as const;
export const WEEKEND = { when: 'finde' } as const;
export const ALL_CLUBS = {};
