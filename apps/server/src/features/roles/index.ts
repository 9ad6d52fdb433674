// Which roles a person holds, for the account view.
export { rolesOf } from './repository.ts';
