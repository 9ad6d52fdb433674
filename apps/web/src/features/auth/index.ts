// What other features use of auth besides its api/ hooks: opening the sign-in dialog, and the words for what
// better-auth answers.
export { openAuthModal, type AuthModalMode } from './auth-modal-store.ts';
export { authErrorMessage, isPasswordRefusal } from './auth-errors.ts';
