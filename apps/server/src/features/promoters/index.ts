// What other features use of promoters: what a club shares with its DJs. (Which promoter a sale belongs to is
// attribution's.)
export { clubSharesSalesWithDjs } from './partner-settings/service.ts';
