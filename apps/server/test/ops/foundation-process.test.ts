// The process around the app: configuration errors, first start, graceful shutdown, the Node version
// guard and the `seed:demo` command, each run as a real child process.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LISTEN_BACKLOG, loadConfig } from '../../src/config.ts';
import { freePort } from '../../../../scripts/free-port.ts';
import { childEnv } from '../server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-proc-'));
  tempDirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('parses the defaults of the embedded setup', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({
      kind: 'sqlite',
      file: path.join(path.resolve('./data'), 'nocturna.db'),
    });
    expect(config.seedOnStart).toBe(true);
  });

  it('chooses PostgreSQL for a postgres:// DATABASE_URL and treats an empty one as unset', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/n' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/n',
    });
    expect(loadConfig({ DATABASE_URL: '' }).database.kind).toBe('sqlite');
  });

  it('waits 5 s for a PostgreSQL connection unless DATABASE_POOL_WAIT_MS says otherwise', () => {
    expect(loadConfig({}).databasePoolWaitMs).toBe(5000);
    expect(loadConfig({ DATABASE_POOL_WAIT_MS: '120000' }).databasePoolWaitMs).toBe(120_000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'no es una url' }, 'DATABASE_URL'],
    [{ AUTH_SECRET: 'corto' }, 'AUTH_SECRET'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ SEED_ON_START: 'yes' }, 'SEED_ON_START'],
    [{ DATABASE_POOL_WAIT_MS: '50' }, 'DATABASE_POOL_WAIT_MS'],
  ])('rejects %o with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`Configuración no válida:\\n[\\s\\S]*${name}`));
  });

  it('stops the server process with that message and a non-zero exit code', () => {
    const result = spawnSync(process.execPath, ['apps/server/src/main.ts'], {
      cwd: ROOT,
      env: childEnv({ PORT: 'abc', DATA_DIR: tempDir() }),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('Configuración no válida');
    expect(result.stderr).toContain('PORT');
  });
});

describe('server process', () => {
  it('migrates, seeds Madrid, prints the demo accounts, serves with a 4,096-deep listen queue, and exits 0 on SIGTERM', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
      cwd: ROOT,
      env: childEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    // A guard against a server that never starts, far above the seconds it takes even on a loaded machine.
    const deadline = Date.now() + 120_000;
    while (!stdout.includes('Cuentas de demostración')) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`server did not start:\n${stdout}\n${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { kind: 'sqlite', ok: true } });
    const clubs = await (await fetch(`http://127.0.0.1:${port}/api/clubs?limit=100`)).json();
    expect(clubs.items.length).toBeGreaterThanOrEqual(15);
    expect(fs.existsSync(path.join(dataDir, 'nocturna.db'))).toBe(true);
    for (const email of [
      'user@demo.nocturna.es',
      'admin@demo.nocturna.es',
      'ceo@demo.nocturna.es',
      'dj@demo.nocturna.es',
      'rpp@demo.nocturna.es',
    ]) {
      expect(stdout).toContain(email);
    }
    expect(stdout).toContain(`http://localhost:${port}`);

    // A flash sale opens thousands of connections at once: the kernel queues LISTEN_BACKLOG of them for the
    // server (ss shows a listening socket's queue limit as Send-Q), not Node's default 511.
    const listening = spawnSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' })
      .stdout.trim()
      .split(/\s+/);
    expect(Number(listening[2])).toBe(LISTEN_BACKLOG);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  }, 180_000);
});

describe('Node version guard', () => {
  const oldNode = '/usr/bin/node';
  const oldMajor = fs.existsSync(oldNode)
    ? Number(spawnSync(oldNode, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout)
    : NaN;

  it('passes on this Node', () => {
    const result = spawnSync(process.execPath, ['scripts/check-node.mjs'], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(0);
  });

  it('stops an older Node at once, saying which version is needed and how to get it', () => {
    // The CI machine and this one carry Debian's Node 20 at /usr/bin/node.
    expect(oldMajor).toBeLessThan(24);
    const result = spawnSync(oldNode, ['scripts/check-node.mjs'], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Nocturna necesita Node.js 24 LTS');
    expect(result.stderr).toContain('npm ci');
    expect(result.stderr).toContain('nvm install 24');
  });
});

describe('npm run seed:demo', () => {
  it('prints {"success":true} and can run twice', () => {
    const dataDir = tempDir();
    for (let run = 0; run < 2; run++) {
      const result = spawnSync('npm', ['run', '--silent', 'seed:demo'], {
        cwd: ROOT,
        env: childEnv({ DATA_DIR: dataDir }),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout.trim()).toBe('{"success":true}');
    }
  }, 120_000);

  it('prints success false with the error and exits 1 when the database cannot be opened', () => {
    const dataDir = tempDir();
    // A directory where the database file should be: SQLite cannot open it.
    fs.mkdirSync(path.join(dataDir, 'nocturna.db'));
    const result = spawnSync(process.execPath, ['apps/server/src/seed/demo-cli.ts'], {
      cwd: ROOT,
      env: childEnv({ DATA_DIR: dataDir }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    const printed = JSON.parse(result.stdout.trim());
    expect(printed).toEqual({ success: false, error: expect.any(String) });
    expect(printed.error).not.toBe('Unknown error');
  });
});
