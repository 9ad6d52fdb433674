// oidc-provider ships no type declarations; the test stand-in uses a small, loosely typed part of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  type Ctx = {
    oidc: {
      provider: { Grant: new (init: { clientId: string; accountId: string }) => OidcGrant };
      client?: { clientId: string };
      session?: { accountId?: string };
    };
  };
  type OidcGrant = {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  };
  type Configuration = {
    clients: Array<Record<string, unknown>>;
    cookies?: { keys: string[] };
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    loadExistingGrant?: (ctx: Ctx) => Promise<OidcGrant | undefined>;
    findAccount: (
      ctx: Ctx,
      sub: string,
    ) => Promise<{ accountId: string; claims: () => Promise<Record<string, unknown>> } | undefined>;
  };
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
