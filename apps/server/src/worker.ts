// The side-work process: the same app without a listener, whose job loop claims only the side work (mails with
// their QR image, pushes, notification delivery; handlers registered with { sideWork: true }), so a flash sale's
// 500 ticket mails or a door's check-in notices render on another CPU and never queue behind, or in front of, a
// buyer's request. Started by main.ts when JOB_WORKER=child (npm start), or as its own service (compose.yaml's
// `worker`, JOB_WORKER=external). The server migrates the database; the worker only opens it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { pingDatabase } from './db/connect.ts';
import * as clock from './clock.ts';

const config = loadConfig();
// Side work waits for nobody: on a machine it shares with the server, the worker takes the CPU the server's requests
// leave (a lower priority, niceness 10 by default), so a sale's ticket mails never slow the sale itself. Never
// higher than it started with: a process may lower its own priority, but only root may raise it.
os.setPriority(Math.max(config.workerNiceness, os.getPriority()));
const app = await buildApp(config, { role: 'worker', migrate: false });
await app.ready();
app.log.info({ role: 'worker' }, 'side-work worker started');

// The health check's heartbeat (compose.yaml): touched every 10 s while the database answers.
const heartbeat = path.join(config.dataDir, 'worker-heartbeat');
const beat = async () => {
  if (await pingDatabase(app.db)) fs.writeFileSync(heartbeat, clock.now().toISOString());
};
void beat();
setInterval(() => void beat(), 10_000).unref();

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(1), config.shutdownGraceMs + 5000).unref();
    void app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'worker close failed');
        process.exit(1);
      },
    );
  });
}
// Started by main.ts: when the server goes, so does its worker.
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
