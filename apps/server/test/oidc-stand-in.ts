// A local OpenID Connect provider (oidc-provider) standing in for Google's issuer, and a tiny browser that
// walks its sign-in pages the way a person would: follow redirects, keep cookies, submit the forms.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type OidcPerson = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  name: string;
  // Google's profile photo URL, when the person has one.
  picture?: string;
};

// `people` may gain entries while the provider runs; they are looked up by `sub` on each sign-in.
export async function startOidcProvider(redirectUri: string, people: Record<string, OidcPerson>) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'nocturna-test',
        client_secret: 'nocturna-test-secret',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['oidc-stand-in-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    // Google puts the profile claims in the ID token; so does the stand-in.
    conformIdTokenClaims: false,
    // Like Google after the first time: the person has already agreed to share these claims with us.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'given_name', 'family_name', 'picture']);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const person = Object.values(people).find((p) => p.sub === sub);
      return person ? { accountId: sub, claims: async () => person } : undefined;
    },
  });
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// Follows the provider's pages from the authorization URL until it redirects back to `redirectUri`.
export async function signInAtProvider(
  authorizationUrl: string,
  redirectUri: string,
  sub: string,
): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(redirectUri)) return url;
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form,
    });
    keep(response);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`Unexpected page at ${url} (${response.status}): ${html.slice(0, 300)}`);
    url = new URL(action, url).toString();
    form = new URLSearchParams(prompt === 'login' ? { prompt, login: sub, password: 'any' } : { prompt });
  }
  throw new Error('Too many hops at the OpenID provider');
}
