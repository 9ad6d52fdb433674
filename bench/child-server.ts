// A benchmark's server in a child process (a script under bench/ that builds the real app and listens), driven
// over IPC: `ask` sends a message and resolves with the child's reply of the same type.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../scripts/free-port.ts';

export type ChildServer = {
  child: ChildProcess;
  url: string;
  ask: <T>(message: { type: string } & Record<string, unknown>) => Promise<T>;
  stop: () => Promise<void>;
};

export async function startChildServer(
  script: string,
  dataDir: string,
  authSecret: string,
): Promise<ChildServer> {
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, script), {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      DATA_DIR: dataDir,
      AUTH_SECRET: authSecret,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<string, (value: unknown) => void>();
  child.on('message', (m: { type: string; value: unknown }) => pending.get(m.type)?.(m.value));
  const ask = <T>(message: { type: string } & Record<string, unknown>) =>
    new Promise<T>((resolve) => {
      pending.set(message.type, resolve as (v: unknown) => void);
      child.send(message);
    });
  await new Promise<void>((resolve, reject) => {
    pending.set('ready', () => resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, url: `http://127.0.0.1:${port}`, ask, stop };
}
