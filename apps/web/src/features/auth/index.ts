// What other features use of auth besides its api/ hooks: opening the sign-in dialog.
export { openAuthModal, type AuthModalMode } from './auth-modal-store.ts';
