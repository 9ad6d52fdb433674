// Starts the side-work worker (worker.ts) as a child process of a server (JOB_WORKER=child): after the server has
// migrated the database, with the server's own environment, and again a second after it dies (the jobs wait in
// their table meanwhile). stop() sends SIGTERM and waits for it to finish the jobs in hand.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export type WorkerProcess = {
  pid: () => number | undefined;
  // user + system CPU the worker has used so far, in ms (Linux /proc; 0 where there is none).
  cpuMs: () => number;
  stop: () => Promise<void>;
};

const TICK_MS = 10; // USER_HZ: /proc/<pid>/stat counts CPU in 1/100 s on Linux.

export function startWorkerProcess(
  log: FastifyBaseLogger,
  env: NodeJS.ProcessEnv = process.env,
  execArgv: string[] = process.execArgv,
): WorkerProcess {
  let child: ChildProcess | null = null;
  let stopping = false;
  const start = () => {
    const started = fork(path.join(import.meta.dirname, '..', 'worker.ts'), {
      env,
      execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = started;
    started.once('exit', (code, signal) => {
      child = null;
      if (stopping) return;
      log.error({ code, signal }, 'side-work worker exited; starting it again');
      setTimeout(start, 1000).unref();
    });
  };
  start();
  return {
    pid: () => child?.pid,
    cpuMs: () => {
      const pid = child?.pid;
      if (!pid) return 0;
      try {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
      } catch {
        return 0;
      }
    },
    stop: async () => {
      stopping = true;
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
  };
}
