// What other features use of promoters: the attribution of a sale (tickets) and what a club shares with its DJs.
export { attributeSale, creditedPromoter, promoterCodeAtEvent, type SaleAttribution } from './attribution.ts';
export { clubSharesSalesWithDjs } from './service.ts';
