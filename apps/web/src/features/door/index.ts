// Club owners, as the admin dashboard manages them.
export { AdminClubOwnersSection } from './admin-club-owners-section.tsx';
