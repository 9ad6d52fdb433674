// npm run seed:demo — prints its result object ({"success": …}) and exits non-zero when seeding failed,
// including when the database cannot even be opened or migrated.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemo, type SeedResult } from './demo.ts';
import { fileStorageFor } from '../storage/file-storage.ts';

async function run(): Promise<SeedResult> {
  try {
    const config = loadConfig();
    const { db } = openDatabase(config.database);
    try {
      await migrateToLatest(db);
      return await seedDemo(db, fileStorageFor(config));
    } finally {
      await db.destroy();
    }
  } catch (error) {
    return {
      success: false,
      error: error instanceof Error && error.message ? error.message : 'Unknown error',
    };
  }
}

const result = await run();
console.log(JSON.stringify(result));
process.exitCode = result.success ? 0 : 1;
