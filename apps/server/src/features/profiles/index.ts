// People as other features read them: the person row, their cards, which tickets count as "going".
export { findPerson, GOING_TICKET_STATUSES } from './repository.ts';
export { userCards } from './people.ts';
