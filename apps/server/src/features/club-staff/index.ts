// Who may scan a club's events, as SQL other features' queries embed.
export { canScanClubSql } from './repository.ts';
