// The app with Google sign-in pointed at the local OpenID Connect provider (oidc-stand-in.ts), and Google's round
// trip through our own endpoints the way a browser makes it: our sign-in endpoint, the provider's pages, our
// callback.
import type { FastifyInstance } from 'fastify';
import { createTestApp, type Dialect, type TestApp } from './test-app.ts';
import { TEST_ORIGIN, cookieFrom } from './auth-helpers.ts';
import { startOidcProvider, signInAtProvider, type OidcPerson } from './oidc-stand-in.ts';

export const GOOGLE_REDIRECT_URI = 'http://localhost:3000/api/auth/oauth2/callback/google';

// `people` may gain entries while the provider runs.
export async function googleTestApp(
  dialect: Dialect,
  people: Record<string, OidcPerson>,
): Promise<TestApp & { issuer: string }> {
  const oidc = await startOidcProvider(GOOGLE_REDIRECT_URI, people);
  const t = await createTestApp(dialect, {
    google: { clientId: 'nocturna-test', clientSecret: 'nocturna-test-secret', issuer: oidc.issuer },
  });
  return {
    ...t,
    issuer: oidc.issuer,
    close: async () => {
      await t.close();
      await oidc.close();
    },
  };
}

// Signs in with Google as `sub`: the session cookie and where the callback sends the browser.
export async function googleSignIn(
  app: FastifyInstance,
  issuer: string,
  sub: string,
): Promise<{ cookie: string; location: string; status: number }> {
  const start = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/oauth2',
    headers: { origin: TEST_ORIGIN },
    payload: { providerId: 'google', callbackURL: '/perfil' },
  });
  if (start.statusCode !== 200) throw new Error(`oauth2 sign-in: ${start.statusCode} ${start.body}`);
  const { url } = start.json() as { url: string };
  if (!url.startsWith(`${issuer}/`)) throw new Error(`not sent to the provider: ${url}`);
  const callback = new URL(await signInAtProvider(url, GOOGLE_REDIRECT_URI, sub));
  const done = await app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    headers: { cookie: cookieFrom(start) },
  });
  return { cookie: cookieFrom(done), location: String(done.headers.location), status: done.statusCode };
}
