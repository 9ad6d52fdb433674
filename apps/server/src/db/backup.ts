// Backups of the embedded setup: the SQLite database, the uploads folder and the keys kept in DATA_DIR in one
// .tar.gz with a manifest. The archive holds password hashes and keys: it is written readable by its owner only.
// The copy is taken online through SQLite's backup API, so the server may keep running and writing meanwhile.
// PostgreSQL has its own tools (pg_dump, WAL archiving): see docs/operations.md, "Backups".
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import * as tar from 'tar';
import { migrations } from './migrations/index.ts';
import * as clock from '../clock.ts';

export const DB_NAME = 'nocturna.db';
const MANIFEST = 'manifest.json';
const UPLOADS = 'uploads';
// Generated on first start when AUTH_SECRET / TICKET_SIGNING_KEY / VAPID_* are unset (auth/secret.ts,
// tickets/signing.ts, push/vapid.ts); without the VAPID pair, browsers subscribed to pushes would stop getting them.
// Without the signing key a restored server would sign with a new one, and every ticket sold so far would be
// turned away at the door.
const KEYS = ['auth-secret', 'ticket-signing-key.pem', 'vapid-keys.json'];
// Tables whose row counts the manifest records, and restore checks, when they exist.
const COUNTED = ['users', 'clubs', 'events', 'tickets', 'messages', 'notifications'];
// Every page in one step: the whole copy is read inside one read transaction, a consistent snapshot. In smaller
// steps a write from another connection (the running server) between two steps would restart the copy.
const ALL_PAGES = 2 ** 31 - 1;

export type BackupManifest = {
  format: 1;
  createdAt: string;
  database: string;
  sha256: string;
  // The last migration applied to the copy (kysely_migration), null before any.
  migration: string | null;
  counts: Record<string, number>;
  files: number;
  // The key files of DATA_DIR in the archive.
  keys: string[];
};

// An expected failure: the CLIs print its message alone, without a stack.
export class BackupError extends Error {}

// 20250314-221503 (UTC), for archive names and the files a restore sets aside.
export function stamp(date = clock.now()): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}

export async function backupSqlite(options: {
  dataDir: string;
  out?: string;
}): Promise<{ archive: string; manifest: BackupManifest; bytes: number }> {
  const dbFile = path.join(options.dataDir, DB_NAME);
  if (!fs.existsSync(dbFile)) throw new BackupError(`No hay base de datos que copiar en ${dbFile}.`);
  const createdAt = clock.now();
  const archive = path.resolve(
    options.out ?? path.join(options.dataDir, 'backups', `nocturna-${stamp(createdAt)}.tar.gz`),
  );
  if (fs.existsSync(archive)) throw new BackupError(`Ya existe ${archive}; elige otro --out.`);
  fs.mkdirSync(path.dirname(archive), { recursive: true });

  // Staged inside DATA_DIR so the uploads can be hard-linked (same file system) rather than copied.
  const staging = fs.mkdtempSync(path.join(options.dataDir, '.backup-'));
  try {
    const copy = path.join(staging, DB_NAME);
    const source = new DatabaseSync(dbFile, { timeout: 5000 });
    try {
      await backup(source, copy, { rate: ALL_PAGES });
    } finally {
      source.close();
    }
    const { migration, counts } = inspectDatabase(copy);
    // After the database: a file the copy names may have been replaced since, never one added before it.
    const files = linkFiles(path.join(options.dataDir, UPLOADS), path.join(staging, UPLOADS));
    const keys = KEYS.filter((key) => fs.existsSync(path.join(options.dataDir, key)));
    for (const key of keys) fs.copyFileSync(path.join(options.dataDir, key), path.join(staging, key));
    const manifest: BackupManifest = {
      format: 1,
      createdAt: createdAt.toISOString(),
      database: DB_NAME,
      sha256: await sha256(copy),
      migration,
      counts,
      files,
      keys,
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

    const partial = `${archive}.partial`;
    const entries = [MANIFEST, DB_NAME, ...keys, ...(files > 0 ? [UPLOADS] : [])];
    fs.writeFileSync(partial, '', { mode: 0o600 });
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    fs.renameSync(partial, archive);
    return { archive, manifest, bytes: fs.statSync(archive).size };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export async function restoreSqlite(options: {
  dataDir: string;
  archive: string;
  force: boolean;
}): Promise<{ manifest: BackupManifest; keptAs: string | null }> {
  const { dataDir, archive } = options;
  const dbFile = path.join(dataDir, DB_NAME);
  if (!fs.statSync(archive, { throwIfNoEntry: false })?.isFile())
    throw new BackupError(`No existe la copia ${archive}.`);
  if (fs.existsSync(dbFile) && !options.force) {
    throw new BackupError(
      `Ya hay una base de datos en ${dbFile}. Repite con --force para reemplazarla ` +
        `(la actual se guarda como ${DB_NAME}.before-restore-<fecha>).`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });

  // Everything is unpacked and checked beside the data first: a bad archive changes nothing.
  const staging = fs.mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    try {
      await tar.extract({
        file: archive,
        cwd: staging,
        strict: true,
        filter: (entry) => [MANIFEST, DB_NAME, ...KEYS].includes(entry) || entry.startsWith(`${UPLOADS}/`),
      });
    } catch (error) {
      throw new BackupError(
        `La copia ${archive} está dañada o no es una copia de Nocturna: ${message(error)}`,
      );
    }
    const manifest = verifyStaged(staging, archive);
    const { sha256: expected } = manifest;
    if ((await sha256(path.join(staging, DB_NAME))) !== expected)
      throw new BackupError(`La copia ${archive} está dañada: la base de datos no coincide con su manifest.`);

    const suffix = `.before-restore-${stamp()}`;
    // The uploads and keys of the archive replace the ones in place, which are set aside like the database.
    const others = [UPLOADS, ...manifest.keys];
    if ([DB_NAME, ...others].some((name) => fs.existsSync(path.join(dataDir, `${name}${suffix}`))))
      throw new BackupError(`Ya hay una restauración de este mismo segundo en ${dataDir}; espera y repite.`);
    let keptAs: string | null = null;
    if (fs.existsSync(dbFile)) {
      assertNotInUse(dbFile);
      keptAs = `${dbFile}${suffix}`;
      fs.renameSync(dbFile, keptAs);
      // A WAL the old database could not fold in stays its pair under the new name; SQLite finds it there.
      if (fs.existsSync(`${dbFile}-wal`)) fs.renameSync(`${dbFile}-wal`, `${keptAs}-wal`);
    }
    // A stale -wal or -shm must never be read against the restored file.
    fs.rmSync(`${dbFile}-wal`, { force: true });
    fs.rmSync(`${dbFile}-shm`, { force: true });

    for (const name of others) {
      const target = path.join(dataDir, name);
      if (fs.existsSync(target)) fs.renameSync(target, `${target}${suffix}`);
      if (fs.existsSync(path.join(staging, name))) fs.renameSync(path.join(staging, name), target);
    }
    fs.renameSync(path.join(staging, DB_NAME), dbFile);
    return { manifest, keptAs };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

// Integrity check, last migration and row counts of a database file, which must be closed elsewhere.
function inspectDatabase(file: string): Pick<BackupManifest, 'migration' | 'counts'> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const problems = db.prepare('PRAGMA integrity_check').all();
    const verdict = problems.map((row) => String(row.integrity_check)).join('; ');
    if (verdict !== 'ok') throw new BackupError(`La copia de la base de datos no está íntegra: ${verdict}`);
    const tables = new Set(
      db
        .prepare("select name from sqlite_master where type = 'table'")
        .all()
        .map((row) => String(row.name)),
    );
    const migration = tables.has('kysely_migration')
      ? ((db.prepare('select max(name) as name from kysely_migration').get()?.name as string | null) ?? null)
      : null;
    const counts: Record<string, number> = {};
    for (const table of COUNTED.filter((t) => tables.has(t))) {
      counts[table] = Number(db.prepare(`select count(*) as n from "${table}"`).get()?.n);
    }
    return { migration, counts };
  } finally {
    db.close();
  }
}

function verifyStaged(staging: string, archive: string): BackupManifest {
  const invalid = (why: string) => new BackupError(`La copia ${archive} no es válida: ${why}.`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw invalid(`falta ${MANIFEST} o no se puede leer`);
  }
  if (manifest.format !== 1) throw invalid(`formato ${String(manifest.format)} desconocido`);
  if (!Array.isArray(manifest.keys) || manifest.keys.some((key) => !KEYS.includes(key)))
    throw invalid('la lista de claves del manifest no es válida');
  for (const name of [DB_NAME, ...manifest.keys]) {
    if (!fs.existsSync(path.join(staging, name))) throw invalid(`falta ${name}`);
  }
  if (manifest.migration !== null && !(manifest.migration in migrations))
    throw invalid(
      `es de una versión más nueva (migración ${manifest.migration}); actualiza Nocturna primero`,
    );
  const found = inspectDatabase(path.join(staging, DB_NAME));
  if (found.migration !== manifest.migration) throw invalid('la migración no coincide con el manifest');
  for (const [table, count] of Object.entries(manifest.counts)) {
    if (found.counts[table] !== count) throw invalid(`la tabla ${table} no tiene las filas del manifest`);
  }
  const files = countFiles(path.join(staging, UPLOADS));
  if (files !== manifest.files)
    throw invalid(`tiene ${files} archivos subidos y el manifest dice ${manifest.files}`);
  return manifest;
}

// Hard-links every finished upload into the staging folder (copies across file systems); returns how many.
function linkFiles(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  let count = 0;
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    // file-storage.ts writes `<key>.<pid>.part` and renames it: a .part is a write still under way.
    if (!entry.isFile() || entry.name.endsWith('.part')) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.linkSync(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // removed since the listing
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      fs.copyFileSync(source, target);
    }
    count++;
  }
  return count;
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

// Leaving WAL mode needs the only connection to the file, so it fails while a server holds the database
// open; when it works, the old file has folded in its WAL and stands alone.
function assertNotInUse(dbFile: string): void {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(dbFile, { timeout: 0 });
    const row = db.prepare('PRAGMA journal_mode = DELETE').get();
    if (row?.journal_mode !== 'delete') throw new Error('database is locked');
  } catch (error) {
    // A damaged old database (often the reason to restore) is set aside as it is.
    if (/locked|busy/i.test(message(error))) {
      throw new BackupError(
        `La base de datos ${dbFile} está abierta por otro proceso (¿sigue en marcha el servidor?). ` +
          'Páralo antes de restaurar.',
      );
    }
  } finally {
    db?.close();
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
