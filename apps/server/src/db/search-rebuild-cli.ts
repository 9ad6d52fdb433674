// `npm run search:rebuild`: rebuilds the search indexes of the configured database from its rows.
import { loadConfig } from '../config.ts';
import { openDatabase } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import { rebuildSearchIndexes } from './search-index.ts';

const { db, kind } = openDatabase(loadConfig().database);
await migrateToLatest(db);
const started = performance.now();
await rebuildSearchIndexes(db, kind);
await db.destroy();
console.log(`Índices de búsqueda reconstruidos (${kind}) en ${Math.round(performance.now() - started)} ms.`);
