// Club owners, as the admin dashboard manages them.
export { AdminClubOwnersSection } from './admin-club-owners-section.tsx';
// A club's door team card, as the CEO dashboard shows it.
export { ClubTeamCard } from './components/club-team-card.tsx';
