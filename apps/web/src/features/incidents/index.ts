// The door's incident report, as the door page shows it.
export { DoorIncidentCard } from './components/door-incident-card.tsx';
