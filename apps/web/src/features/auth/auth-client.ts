// better-auth's browser client, talking to /api/auth on the same origin. The first page does not load it when the
// server said who is signed in (api/session-store.ts): it comes with the auth forms, a sign-out, or a return to the tab.
import { createAuthClient } from 'better-auth/react';
import { genericOAuthClient, inferAdditionalFields, usernameClient } from 'better-auth/client/plugins';
import { followAuthSession, type AuthSessionStore } from './api/session-store.ts';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [
    usernameClient(),
    genericOAuthClient(),
    // The sign-up profile fields the server saves with the account.
    inferAdditionalFields({
      user: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        phoneNumber: { type: 'string', required: false },
        dateOfBirth: { type: 'string', required: false },
        gender: { type: 'string', required: false },
        // Consent to the terms, sent with sign-up and a Google account's first profile; the server records when
        // it was given and never returns this field.
        acceptTerms: { type: 'boolean', required: false },
      },
    }),
  ],
});

// The app shows the session better-auth's store holds from now on (api/session-store.ts).
export const authSessionStore = authClient.$store.atoms.session as AuthSessionStore;
followAuthSession(authSessionStore);

export const GOOGLE_PROVIDER_ID = 'google';
