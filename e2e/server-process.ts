// The real server as a child process (built web app, SQLite data dir), as the journeys and the
// deploy-update journey start it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fakeClockEnv } from '../apps/server/test/server-process.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');

export type ServerProcess = { baseURL: string; stop: () => Promise<void> };

export async function startServer(options: {
  port: number;
  dataDir: string;
  webDist?: string;
  // More environment for this server (e.g. STRIPE_* pointing at a stand-in).
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const baseURL = `http://127.0.0.1:${options.port}`;
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      // Under libfaketime (test:any-hour) its clock starts where the journeys' clock is, not at the run's start.
      ...fakeClockEnv(),
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      REDIS_URL: '',
      TRUST_PROXY: 'true',
      // The address the journeys open it at: the links it prints (mails, Stripe's return addresses) must lead back
      // to the same origin, where the browser holds the session. Unset, they would name localhost.
      PUBLIC_URL: baseURL,
      // The journeys open the mails the app sends (password reset) from the outbox page.
      MAIL_DEV_OUTBOX: '1',
      ...(options.webDist ? { WEB_DIST_DIR: options.webDist } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready is when /api/health answers, or a failure when the process exits. The deadline only ends a true hang:
  // migrating and seeding a fresh dataset is a few seconds of CPU, but on a machine shared with other work (CPU
  // hogs, a second test run) those seconds have taken over a minute of wall time.
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('The server did not start within 5 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
