// Builds the web app (browser bundle and server renderer) unless the last build was made from the same sources.
// `npm start` and `npm test` both need a built app; rebuilding takes about a minute on a 2-core machine, so a
// second start, or the start that follows the tests, reuses the build when nothing it is made from has changed.
// `npm run build` always builds. The fingerprint covers every file the build reads from the repository and the
// lockfile (a dependency update changes the bundle too).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'apps/web');
// Beside the server renderer rather than in dist/, whose files the server serves to anyone.
const STAMP = path.join(WEB, 'dist-ssr', '.source-fingerprint');

const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
];

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(ROOT, path.join(d.parentPath, d.name)));
}

function sourceFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

function upToDate(fingerprint: string): boolean {
  // The stamp is written after both builds succeed, and the renderer's build empties dist-ssr/ first.
  return (
    fs.existsSync(path.join(WEB, 'dist/index.html')) &&
    fs.existsSync(STAMP) &&
    fs.readFileSync(STAMP, 'utf8').trim() === fingerprint
  );
}

const fingerprint = sourceFingerprint();
if (process.argv.includes('--if-changed') && upToDate(fingerprint)) {
  console.log('web app: built from these sources already (apps/web/dist), not rebuilt');
} else {
  const started = performance.now();
  console.log('web app: building apps/web…');
  // --silent: npm's own lines about the script; Vite prints only warnings and errors (--logLevel warn).
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@nocturna/web'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(STAMP, `${fingerprint}\n`);
  const assets = fs.readdirSync(path.join(WEB, 'dist/assets')).filter((name) => /\.(js|css)$/.test(name));
  const bytes = assets.reduce((sum, name) => sum + fs.statSync(path.join(WEB, 'dist/assets', name)).size, 0);
  console.log(
    `web app built in ${((performance.now() - started) / 1000).toFixed(0)} s: ${assets.length} scripts and ` +
      `stylesheets, ${(bytes / 1e6).toFixed(1)} MB before compression, in apps/web/dist`,
  );
}
