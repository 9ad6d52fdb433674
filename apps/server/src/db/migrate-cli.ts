import { loadConfig } from '../config.ts';
import { openDatabase } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

const { db, kind } = openDatabase(loadConfig().database);
await migrateToLatest(db);
await db.destroy();
console.log(`Migraciones aplicadas (${kind}).`);
