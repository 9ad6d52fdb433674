// Type-checks every TypeScript project of the repository with TypeScript's native compiler (the `typescript`
// 7 package, installed as `typescript-native`), about five times faster here than the JavaScript one. The
// JavaScript compiler (`typescript` 5.9) stays for typescript-eslint, whose type-aware rules need its API.
// Every project is checked even after one fails, so one run shows every error.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const PROJECTS = ['apps/server', 'apps/web', 'packages/shared', 'e2e', 'bench', 'scripts', '.'];

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin/tsc',
);

const failed = PROJECTS.filter((project) => {
  const run = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
  return run.status !== 0;
});
if (failed.length) {
  console.error(`typecheck failed in: ${failed.join(', ')}`);
  process.exit(1);
}
