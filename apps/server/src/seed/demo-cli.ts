// npm run seed:demo — prints the result object of spec §7 and exits non-zero when seeding failed.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemo } from './demo.ts';

const { db } = openDatabase(loadConfig().database);
await migrateToLatest(db);
const result = await seedDemo(db);
await db.destroy();
console.log(JSON.stringify(result));
process.exitCode = result.success ? 0 : 1;
