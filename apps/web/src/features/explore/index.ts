// What other features use of explore: the directions card on a club's page.
export { ClubDirections } from './components/club-directions.tsx';
