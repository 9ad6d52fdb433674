// Google sign-in, as a generic OpenID Connect provider of better-auth: on when its OAuth client is configured.
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Config } from '../config.ts';

export const GOOGLE_PROVIDER_ID = 'google';
// Google sign-in is on when its OAuth client is configured (GOOGLE_CLIENT_ID).
export const googleConfigured = (config: Config): boolean => Boolean(config.google.clientId);

// The plugin that signs in with Google, or none when Google is not configured.
export function googleSignIn(config: Config) {
  return googleConfigured(config)
    ? [
        genericOAuth({
          config: [
            {
              providerId: GOOGLE_PROVIDER_ID,
              discoveryUrl: `${config.google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
              clientId: config.google.clientId!,
              clientSecret: config.google.clientSecret,
              scopes: ['openid', 'email', 'profile'],
              pkce: true,
              // Our additional fields are not in the plugin's User type, hence the widening cast.
              mapProfileToUser: (profile: Record<string, unknown>) =>
                ({
                  firstName: typeof profile.given_name === 'string' ? profile.given_name : null,
                  lastName: typeof profile.family_name === 'string' ? profile.family_name : null,
                }) as Record<string, unknown>,
            },
          ],
        }),
      ]
    : [];
}
