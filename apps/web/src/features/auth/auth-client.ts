// better-auth's browser client, talking to /api/auth on the same origin.
import { createAuthClient } from 'better-auth/react';
import { genericOAuthClient, inferAdditionalFields, usernameClient } from 'better-auth/client/plugins';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [
    usernameClient(),
    genericOAuthClient(),
    // The sign-up profile fields the server saves with the account (spec §3).
    inferAdditionalFields({
      user: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        phoneNumber: { type: 'string', required: false },
        dateOfBirth: { type: 'string', required: false },
        gender: { type: 'string', required: false },
      },
    }),
  ],
});

export const GOOGLE_PROVIDER_ID = 'google';
