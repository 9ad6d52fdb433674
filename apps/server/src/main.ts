// Process entry: read config, build the app, seed on first start, listen, and shut down cleanly on SIGTERM.
import { LISTEN_BACKLOG, loadConfig, publicOrigin } from './config.ts';
import type { WorkerProcess } from './jobs/worker-process.ts';

// The settings first, before the rest of the server is loaded: a wrong one stops the process at once with its
// message, instead of after seconds of loading on a busy machine.
const config = loadConfig();
const [{ buildApp }, { shutDown }, { startWorkerProcess }, madrid, door, partners, cardTypes] =
  await Promise.all([
    import('./app.ts'),
    import('./http/shutdown.ts'),
    import('./jobs/worker-process.ts'),
    import('./seed/madrid.ts'),
    import('./seed/madrid-door.ts'),
    import('./seed/madrid-partners.ts'),
    import('./seed/madrid-card-types.ts'),
  ]);
const { seedMadridIfEmpty, DEMO_ACCOUNTS, DEMO_PASSWORD } = madrid;
const { seedMadridDoor, seedMadridDoorStaff } = door;
const { seedMadridPartners } = partners;
const { seedMadridCardTypes } = cardTypes;
const app = await buildApp(config);

if (config.seedOnStart) {
  const seeded = await seedMadridIfEmpty(app.db);
  if (seeded) app.log.info(seeded, 'Madrid dataset loaded');
  await seedMadridDoor(app.db);
  await seedMadridDoorStaff(app.db);
  await seedMadridPartners(app.db, app.ticketSigner);
  // Card-paid types only when card payments can be taken (npm run start:stripe, or real Stripe keys).
  if (config.stripe) await seedMadridCardTypes(app.db);
}

let closing = false;
// JOB_WORKER=child: the side-work worker (worker.ts) runs beside this server, started once the database is
// migrated and the server listens.
let worker: WorkerProcess | null = null;

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // Past the grace period and a margin for closing the database, the process goes anyway.
    setTimeout(() => process.exit(1), config.shutdownGraceMs + 5000).unref();
    void Promise.all([shutDown(app, signal), worker?.stop()]).then(([code]) => process.exit(code));
  });
}

await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
if (config.jobWorker === 'child') worker = startWorkerProcess(app.log);
const url = publicOrigin(config);
console.log(`\n  Nocturna está en ${url}  (base de datos: ${app.dbKind})\n`);
console.log(`  Cuentas de demostración (contraseña "${DEMO_PASSWORD}"):`);
for (const account of DEMO_ACCOUNTS)
  console.log(`    ${account.email.padEnd(28)} ${account.label ?? account.role ?? 'usuario'}`);
console.log('');
