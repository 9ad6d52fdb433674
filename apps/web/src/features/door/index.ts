// Club owners, as the admin dashboard manages them.
export { AdminClubOwnersSection } from './admin-club-owners-section.tsx';
// A club's door team card, as the CEO dashboard shows it.
export { ClubTeamCard } from './components/club-team-card.tsx';
// The shell's door link (only for people on a door team) and the offline packs it drops on sign-out.
export { useShowDoorLink, withDoorItem } from './door-nav.ts';
export { dropPacks } from './offline/door-store.ts';
