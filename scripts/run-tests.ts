// `npm test`: the server suite with the web units beside it, then the browser journeys. The server suite's
// files spend part of their time waiting (on the servers they spawn, PostgreSQL, sockets), which the web units
// fill. The journeys come after rather than beside them: together with their Chromium they kept a 2-core machine
// at a load of 14, where the server suite's races and spawned processes ran past their guards. The server suite
// prints as it goes; the web units keep their output until they end, so the log reads one suite at a time.
// Exits non-zero when any suite fails, after every phase has run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Suite = { name: string; script: string; live: boolean };

// Each phase's suites run side by side; the next phase starts when they have all ended.
const PHASES: Suite[][] = [
  [
    { name: 'server', script: 'test:server', live: true },
    { name: 'web', script: 'test:web', live: false },
  ],
  [{ name: 'journeys', script: 'test:journeys', live: true }],
];

const root = path.resolve(import.meta.dirname, '..');
const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-tests-'));
const npm = process.env.npm_execpath;

function run(suite: Suite): Promise<{ suite: Suite; code: number; seconds: number }> {
  const started = performance.now();
  const log = path.join(logs, `${suite.name}.log`);
  const out = suite.live ? 'inherit' : fs.openSync(log, 'w');
  // npm's own script runner, so each suite runs exactly as `npm run <script>` would.
  const child = npm
    ? spawn(process.execPath, [npm, 'run', '--silent', suite.script], {
        cwd: root,
        stdio: ['ignore', out, out],
      })
    : spawn('npm', ['run', '--silent', suite.script], { cwd: root, stdio: ['ignore', out, out] });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      if (!suite.live) {
        process.stdout.write(`\n--- npm run ${suite.script}\n`);
        process.stdout.write(fs.readFileSync(log, 'utf8'));
      }
      resolve({ suite, code: code ?? (signal ? 1 : 0), seconds });
    });
  });
}

const results = [];
for (const phase of PHASES) results.push(...(await Promise.all(phase.map(run))));
fs.rmSync(logs, { recursive: true, force: true });
console.log('');
for (const { suite, code, seconds } of results)
  console.log(`npm run ${suite.script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
