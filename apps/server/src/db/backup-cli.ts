// `npm run db:backup [-- --out FILE]`: an online copy of the SQLite database and the uploads in one .tar.gz
// (DATA_DIR/backups/nocturna-YYYYMMDD-HHMMSS.tar.gz by default). The server may keep running meanwhile.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { BackupError, backupSqlite } from './backup.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
if (config.database.kind === 'postgres') {
  console.error(
    'DATABASE_URL apunta a PostgreSQL: esta copia solo sirve para SQLite. Usa pg_dump ' +
      '(pg_dump --format=custom --file=nocturna.dump "$DATABASE_URL") y, para recuperar a un instante, ' +
      'WAL archiving con pg_basebackup. Ver docs/operations.md, "Backups".',
  );
  process.exit(1);
}

const started = performance.now();
try {
  // npm runs scripts from the repository root; a relative --out means the folder it was typed in.
  const out = values.out && path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  const { archive, manifest, bytes } = await backupSqlite({ dataDir: config.dataDir, out });
  console.log(
    `Copia creada: ${archive} (${(bytes / 1024 / 1024).toFixed(1)} MB, migración ${manifest.migration}, ` +
      `${manifest.files} archivos) en ${Math.round(performance.now() - started)} ms.`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
