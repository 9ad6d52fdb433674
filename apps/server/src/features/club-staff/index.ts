// Who may scan a club's events, as SQL other features' queries embed.
export { canScanClub, canScanClubSql, clubModeratorIds } from './repository.ts';
// Who runs a club: the check every management and analytics endpoint makes, and the clubs a person runs.
export { requireClubManager, managedClubIds } from './service.ts';
export { insertStaff } from './repository.ts';
