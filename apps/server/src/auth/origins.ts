// The only origins allowed to drive the API with our cookies: PUBLIC_URL, or the app on this port.
import type { Config } from '../config.ts';

export function trustedOrigins(config: Config): string[] {
  if (config.publicUrl) return [new URL(config.publicUrl).origin];
  return [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];
}

export function isTrustedOrigin(config: Config, origin: string): boolean {
  return trustedOrigins(config).includes(origin);
}
