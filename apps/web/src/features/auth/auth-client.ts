// better-auth's browser client, talking to /api/auth on the same origin.
import { createAuthClient } from 'better-auth/react';
import { usernameClient } from 'better-auth/client/plugins';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [usernameClient()],
});
