// `npm run db:backup` and `npm run db:restore`, each run as a real child process: an online backup taken while
// rows keep arriving restores to one consistent moment, with the uploads byte for byte; a restore never
// overwrites by accident, never under a running server, and a damaged archive changes nothing.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type DbHandle } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { childEnv } from '../server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const BACKUP_CLI = 'apps/server/src/db/backup-cli.ts';
const RESTORE_CLI = 'apps/server/src/db/restore-cli.ts';
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-backup-'));
  tempDirs.push(dir);
  return dir;
}

function runCli(cli: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd: ROOT,
    env: childEnv(env),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

type Row = Record<string, unknown>;

function notifications(db: DatabaseSync): Map<string, Row> {
  const rows = db.prepare('select * from notifications order by id').all() as Row[];
  return new Map(rows.map((row) => [String(row.id), { ...row }]));
}

const notificationId = (n: number) => `n-${String(n).padStart(7, '0')}`;

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

// Every file under a folder with its bytes' hash, by relative path.
function tree(dir: string): Record<string, string> {
  if (!fs.existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = sha256(file);
  }
  return out;
}

// Each test runs the CLIs as processes, which a loaded machine can take tens of seconds to start.
describe('db:backup and db:restore (SQLite)', { timeout: 120_000 }, () => {
  let source: string;
  let handle: DbHandle;
  let sqlite: DatabaseSync;
  let archive: string;
  let restored: string;
  let before = 0;
  let after = 0;
  let backupOutput = '';

  beforeAll(async () => {
    source = tempDir();
    handle = openDatabase(loadConfig({ DATA_DIR: source }).database);
    await migrateToLatest(handle.db);
    sqlite = handle.sqlite!;
    const now = new Date().toISOString();
    sqlite
      .prepare(
        'insert into users (id, name, email, email_verified, created_at, updated_at) values (?, ?, ?, 0, ?, ?)',
      )
      .run('u-1', 'Lucía', 'lucia@example.com', now, now);
    const insert = sqlite.prepare(
      'insert into notifications (id, user_id, type, is_read, title, body, link, refs, created_at) ' +
        "values (?, 'u-1', 'message', 0, ?, ?, null, '{}', ?)",
    );
    let next = 0;
    const add = () => {
      next++;
      insert.run(notificationId(next), `Aviso ${next}`, randomBytes(300).toString('base64'), now);
    };
    // A few megabytes, so the copy has pages to walk while the writes go on.
    sqlite.exec('begin');
    for (let i = 0; i < 20_000; i++) add();
    sqlite.exec('commit');

    const uploads = path.join(source, 'uploads');
    fs.mkdirSync(path.join(uploads, 'avatars'), { recursive: true });
    fs.mkdirSync(path.join(uploads, 'events'), { recursive: true });
    fs.writeFileSync(path.join(uploads, 'avatars', 'u-1.webp'), randomBytes(1024 * 1024));
    fs.writeFileSync(path.join(uploads, 'events', 'e-1.jpg'), randomBytes(50_000));
    fs.writeFileSync(path.join(uploads, 'events', 'e-2.jpg'), randomBytes(10));
    // The keys a server generates in DATA_DIR when AUTH_SECRET and TICKET_SIGNING_KEY are unset.
    fs.writeFileSync(path.join(source, 'auth-secret'), randomBytes(32).toString('base64url'), {
      mode: 0o600,
    });
    fs.writeFileSync(path.join(source, 'ticket-signing-key.pem'), randomBytes(200), { mode: 0o600 });
    // A write still under way (file-storage.ts renames it when done): never part of a backup.
    fs.writeFileSync(path.join(uploads, 'events', 'e-3.jpg.4242.part'), randomBytes(100));

    // The backup runs in its own process while this one keeps committing rows, as a live server would.
    archive = path.join(tempDir(), 'copia.tar.gz');
    before = next;
    const child = spawn(process.execPath, [BACKUP_CLI, '--out', archive], {
      cwd: ROOT,
      env: childEnv({ DATA_DIR: source }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (backupOutput += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (backupOutput += chunk.toString()));
    let exited: number | null | undefined;
    child.once('exit', (code) => (exited = code));
    while (exited === undefined) {
      add();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    after = next;
    expect(exited, backupOutput).toBe(0);

    restored = tempDir();
    const result = runCli(RESTORE_CLI, [archive], { DATA_DIR: restored });
    expect(result.status, result.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await handle?.db.destroy();
    for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes one archive, readable by its owner only, holding the manifest, the database, keys and uploads', () => {
    expect(backupOutput).toContain(`Copia creada: ${archive}`);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    const list = spawnSync('tar', ['-tzf', archive], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    expect(list.slice(0, 2)).toEqual(['manifest.json', 'nocturna.db']);
    expect(list).toContain('uploads/avatars/u-1.webp');
    expect(list.some((name) => name.endsWith('.part'))).toBe(false);
    const manifest = JSON.parse(
      spawnSync('tar', ['-xzOf', archive, 'manifest.json'], { encoding: 'utf8' }).stdout,
    );
    expect(manifest).toMatchObject({
      format: 1,
      database: 'nocturna.db',
      // The newest migration, whichever it is.
      migration: Object.keys(migrations).at(-1),
      files: 3,
      keys: ['auth-secret', 'ticket-signing-key.pem'],
    });
    expect(manifest.counts.users).toBe(1);
    expect(manifest.counts.notifications).toBeGreaterThanOrEqual(before);
    expect(manifest.counts.notifications).toBeLessThanOrEqual(after);
  });

  it('restores the database as it was at one moment of the writes, intact', () => {
    // Rows were committed throughout the backup, or the test proves nothing.
    expect(after).toBeGreaterThan(before);
    const copy = new DatabaseSync(path.join(restored, 'nocturna.db'));
    try {
      expect(copy.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
      const got = notifications(copy);
      const want = notifications(sqlite);
      expect(got.size).toBeGreaterThanOrEqual(before);
      expect(got.size).toBeLessThanOrEqual(after);
      // One consistent moment: the first N rows in order, no gaps, each identical to the source.
      for (let n = 1; n <= got.size; n++) {
        const id = notificationId(n);
        expect(got.get(id), id).toEqual(want.get(id));
      }
      expect(copy.prepare('select id, email from users').all()).toEqual([
        { id: 'u-1', email: 'lucia@example.com' },
      ]);
    } finally {
      copy.close();
    }
  });

  it('restores the uploaded files byte for byte, without the ones still being written, and the keys', () => {
    const uploads = tree(path.join(source, 'uploads'));
    delete uploads['events/e-3.jpg.4242.part'];
    expect(tree(path.join(restored, 'uploads'))).toEqual(uploads);
    // Tickets sold before the backup still pass the door: the restored server signs with the same key.
    for (const key of ['auth-secret', 'ticket-signing-key.pem']) {
      expect(sha256(path.join(restored, key))).toBe(sha256(path.join(source, key)));
      expect(fs.statSync(path.join(restored, key)).mode & 0o777).toBe(0o600);
    }
    expect(fs.readdirSync(restored).sort()).toEqual([
      'auth-secret',
      'nocturna.db',
      'ticket-signing-key.pem',
      'uploads',
    ]);
  });

  it('refuses to overwrite a database without --force, and with it keeps the old one aside', () => {
    const db = path.join(restored, 'nocturna.db');
    // The database in place has moved on since the backup: a restore must not lose it silently.
    const current = new DatabaseSync(db);
    current.exec("update users set name = 'Lucía G.' where id = 'u-1'");
    current.close();
    const hash = sha256(db);
    const refused = runCli(RESTORE_CLI, [archive], { DATA_DIR: restored });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('--force');
    expect(sha256(db)).toBe(hash);

    const forced = runCli(RESTORE_CLI, [archive, '--force'], { DATA_DIR: restored });
    expect(forced.status, forced.stderr).toBe(0);
    const names = fs.readdirSync(restored);
    const kept = names.find((name) => name.startsWith('nocturna.db.before-restore-'));
    expect(kept).toMatch(/^nocturna\.db\.before-restore-\d{8}-\d{6}$/);
    expect(forced.stdout).toContain(kept);
    expect(names.some((name) => name.endsWith('-wal') || name.endsWith('-shm'))).toBe(false);
    const name = (file: string) => {
      const conn = new DatabaseSync(path.join(restored, file), { readOnly: true });
      const row = conn.prepare("select name from users where id = 'u-1'").get();
      conn.close();
      return row?.name;
    };
    expect(name(kept!)).toBe('Lucía G.');
    expect(name('nocturna.db')).toBe('Lucía');
  });

  it('refuses to restore under a process that holds the database open, as a running server does', () => {
    const listing = fs.readdirSync(source).sort();
    const result = runCli(RESTORE_CLI, [archive, '--force'], { DATA_DIR: source });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('abierta por otro proceso');
    expect(fs.readdirSync(source).sort()).toEqual(listing);
    expect(sqlite.prepare('select count(*) as n from notifications').get()).toEqual({ n: after });
  });

  // Four runs of the restore command, each a Node process of its own (several seconds each on a loaded machine).
  it('stops at a damaged archive with a clear message and changes nothing', { timeout: 120_000 }, () => {
    const damaged = path.join(tempDir(), 'damaged.tar.gz');
    const bytes = fs.readFileSync(archive);
    bytes.fill(0x41, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 64);
    fs.writeFileSync(damaged, bytes);
    const truncated = path.join(tempDir(), 'truncated.tar.gz');
    fs.writeFileSync(truncated, fs.readFileSync(archive).subarray(0, 4096));

    for (const bad of [damaged, truncated]) {
      const empty = tempDir();
      const fresh = runCli(RESTORE_CLI, [bad], { DATA_DIR: empty });
      expect(fresh.status).toBe(1);
      expect(fresh.stderr).toMatch(/está dañada/);
      expect(fresh.stderr).not.toMatch(/\n\s+at /); // a message, not a stack
      expect(fs.readdirSync(empty)).toEqual([]);

      const before = tree(restored);
      const forced = runCli(RESTORE_CLI, [bad, '--force'], { DATA_DIR: restored });
      expect(forced.status).toBe(1);
      expect(tree(restored)).toEqual(before);
    }
  });

  it('points to pg_dump and pg_restore when DATABASE_URL is PostgreSQL', () => {
    const env = { DATA_DIR: tempDir(), DATABASE_URL: 'postgres://nocturna@localhost:5432/nocturna' };
    const backup = runCli(BACKUP_CLI, [], env);
    expect(backup.status).toBe(1);
    expect(backup.stderr).toContain('pg_dump');
    const restore = runCli(RESTORE_CLI, [archive], env);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toContain('pg_restore');
  });
});
