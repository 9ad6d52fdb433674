// What other features use of auth besides its api/ hooks: opening the sign-in dialog, the words for what
// better-auth answers, and whether the page is about to reload after a sign-up.
export { openAuthModal, type AuthModalMode } from './auth-modal-store.ts';
export { authErrorMessage, isPasswordRefusal } from './auth-errors.ts';
export { reloadAfterSignUpPending } from './reload-after-sign-up.ts';
