// What other features use of promoters: the attribution kept in the browser (tiny, no UI).
export { currentPromoter, rememberPromoter, rememberPromoterFromUrl } from './attribution.ts';
