// The side-work worker (JOB_WORKER=child, as npm start runs it) takes only the CPU the server's requests leave: it
// runs at a lower priority (niceness 10 by default) while the server keeps the one it was started with, so a
// sale's ticket mails and their QR images never slow the sale itself on a machine both share.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_HOOK_MS, startServer, waitUntil, type ServerProcess } from '../server-process.ts';

// /proc/<pid>/stat after the command name: field 4 (ppid) is at index 1, field 19 (nice) at index 16.
function stat(pid: number): string[] {
  const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(') ') + 2).split(' ');
}
const niceness = (pid: number) => Number(stat(pid)[16]);

function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((candidate) => {
      try {
        return Number(stat(candidate)[1]) === pid;
      } catch {
        // The process ended while the list was read.
        return false;
      }
    });
}

describe.runIf(process.platform === 'linux')('the side-work worker beside a server', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ JOB_WORKER: 'child' });
  }, SERVER_HOOK_MS);
  afterAll(async () => {
    await server?.stop();
  });

  // The worker starts once the server has migrated and listens, and it opens the database before its first
  // heartbeat: on a machine shared with other work (CPU hogs, a second test run) that has taken over 30 s, so the test
  // waits for the heartbeat as long as a true hang would take, and its own time limit is longer still.
  it(
    'runs at niceness 10 (or lower in priority, never higher) while the server keeps its own',
    { timeout: 150_000 },
    async () => {
      const serverPid = server.child.pid!;
      // The worker writes its heartbeat once it has opened the database, after it lowered its priority.
      const heartbeat = path.join(server.dataDir, 'worker-heartbeat');
      await waitUntil(async () => fs.existsSync(heartbeat), 120_000, 'the worker heartbeat');
      const workers = childrenOf(serverPid);
      expect(workers).toHaveLength(1);
      // 10, or the niceness the server started with if that is lower still (the worker never raises its priority).
      expect(niceness(workers[0]!)).toBe(Math.max(10, niceness(serverPid)));
      expect(niceness(serverPid)).toBe(niceness(process.pid));
    },
  );
});
