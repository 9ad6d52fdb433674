// `npm run db:restore -- FILE [--force]`: puts a db:backup archive back into DATA_DIR. With the server stopped;
// an existing database is replaced only with --force and is kept as nocturna.db.before-restore-<stamp>.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { BackupError, restoreSqlite } from './backup.ts';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const config = loadConfig();
if (config.database.kind === 'postgres') {
  console.error(
    'DATABASE_URL apunta a PostgreSQL: restaura con pg_restore ' +
      '(pg_restore --clean --if-exists --dbname="$DATABASE_URL" nocturna.dump). Ver docs/operations.md, "Backups".',
  );
  process.exit(1);
}
if (positionals.length !== 1) {
  console.error('Uso: npm run db:restore -- <copia.tar.gz> [--force]');
  process.exit(1);
}

try {
  const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const { manifest, keptAs } = await restoreSqlite({ dataDir: config.dataDir, archive, force: values.force });
  console.log(
    `Copia del ${manifest.createdAt} restaurada en ${config.dataDir} (migración ${manifest.migration}, ` +
      `${manifest.files} archivos).` +
      (keptAs ? ` La base de datos anterior queda en ${keptAs}.` : ''),
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
