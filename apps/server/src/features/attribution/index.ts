// Which promoter a sale belongs to: asked by tickets at every sale (a purchase, a waitlist offer, a resale), from the
// promoters' codes and links. Its own feature so that tickets, which sells, and promoters, which issues guest-list
// tickets through tickets, do not import each other.
export { attributeSale, creditedPromoter, promoterCodeAtEvent, type SaleAttribution } from './attribution.ts';
