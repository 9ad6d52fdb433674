// better-auth's browser client for other features' account actions (change password or e-mail, link Google).
export { authClient, GOOGLE_PROVIDER_ID } from '../auth-client.ts';
