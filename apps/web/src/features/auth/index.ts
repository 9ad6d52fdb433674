// What other features use of auth besides its api/ hooks: opening the sign-in dialog, the words for what
// better-auth answers, and whether the page is about to reload after a sign-up.
export { openAuthModal, type AuthModalMode } from './auth-modal-store.ts';
export { authErrorMessage, isPasswordRefusal } from './auth-errors.ts';
export { reloadAfterSignUpPending } from './reload-after-sign-up.ts';
// What the app's shell uses: the session, signing out, the roles, the sign-in dialog's state (its host loads
// apart, on demand) and whether a sign-in is coming back from Google.
export { useSession } from './api/use-session.ts';
export { useSignOut } from './api/use-sign-out.ts';
export { useMyRoles } from './api/use-my-roles.ts';
export { useAuthModal } from './auth-modal-store.ts';
export { hasAuthReturn } from './auth-return.ts';
export const loadAuthModalHost = () => import('./auth-modal.tsx').then((m) => m.AuthModalHost);
