// A second server process on the same database as the test's app (the same SQLite file, or the same
// PostgreSQL schema), as behind a load balancer: two doors' scans can land on two servers at once.
// Prints its URL on the first line of stdout and runs until it is killed.
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';

const config = JSON.parse(process.argv[2]!) as Config;
const app = await buildApp(config, { logger: false, migrate: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
process.stdout.write(`http://127.0.0.1:${address.port}\n`);
process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
