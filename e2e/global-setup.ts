// Starts the real server (built web app, fresh SQLite data dir, Madrid dataset) once for all journeys.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request, type Cookie } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { freePort } from '../scripts/free-port.ts';
import { ROOT, startServer, type ServerProcess } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    demoSessions: Record<DemoAccount, DemoSession>;
  }
}

let server: ServerProcess | undefined;

// The seeded accounts the journeys act as. Each signs in once for the whole run, here; a journey starts its browser
// context or API client with that session's cookie (browser.ts: asDemo, demoRequest) instead of signing in again.
export const DEMO_ACCOUNTS = ['admin', 'ceo', 'dj', 'puerta', 'rpp', 'user'] as const;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];
export type DemoSession = { cookies: Cookie[] };

async function signInDemoAccounts(baseURL: string): Promise<Record<DemoAccount, DemoSession>> {
  const sessions = {} as Record<DemoAccount, DemoSession>;
  for (const who of DEMO_ACCOUNTS) {
    const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
    try {
      const res = await api.post('/api/auth/sign-in/email', {
        data: { email: `${who}@demo.nocturna.es`, password: 'nocturna' },
      });
      if (!res.ok())
        throw new Error(`${who}@demo.nocturna.es could not sign in: ${res.status()} ${await res.text()}`);
      sessions[who] = { cookies: (await api.storageState()).cookies };
    } finally {
      await api.dispose();
    }
  }
  return sessions;
}

export async function setup(project: TestProject) {
  // WEB_DIST_DIR (also read by the server) points at another build of the web app.
  const webDist = process.env.WEB_DIST_DIR
    ? path.resolve(process.env.WEB_DIST_DIR)
    : path.join(ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error(`Build the web app first: npm run build (no ${webDist}/index.html)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-e2e-'));
  // The journeys run in parallel and many sign in as the same demo CEO within minutes: the per-account sign-in
  // limit (10 per 5 min, tested on its own in apps/server/test/auth/rate-limit.test.ts) is raised for this server
  // only.
  server = await startServer({ port: await freePort(), dataDir, env: { SIGN_IN_ACCOUNT_LIMIT: '1000' } });
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', dataDir);
  project.provide('demoSessions', await signInDemoAccounts(server.baseURL));
  return async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
