import path from 'node:path';
import { defineConfig } from 'vitest/config';
import LongFirstSequencer from './vitest.sequencer.ts';

// The tests start dozens of Node processes (servers, the CLIs, the workers themselves), each of which strips the
// types from and compiles the same few hundred modules. Node's compile cache keeps that work on disk for the next
// process; it is keyed by each file's contents, so an edited file is compiled again.
process.env.NODE_COMPILE_CACHE ??= path.join(import.meta.dirname, 'node_modules/.cache/node-compile-cache');

// Vitest honours `passWithNoTests` per project at run time although its ProjectConfig type leaves it out; the
// projects are named constants so the type check does not reject the key.
const server = {
  test: {
    name: 'server',
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node' as const,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./test/setup.ts'],
    // Names this run's PostgreSQL schemas and drops them once every file is done.
    globalSetup: ['./test/global-setup.ts'],
    // The cross-server files hold no suite unless TEST_DATABASE_URL and TEST_REDIS_URL name real services.
    passWithNoTests: true,
  },
};

const e2e = {
  test: {
    name: 'e2e',
    root: './e2e',
    include: ['**/*.e2e.ts'],
    environment: 'node' as const,
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll gives up after 1 s by default, which a loaded 2-core machine can take to render one answer: a
    // limit against hangs, far above any honest wait, like Playwright's own 30 s for a locator.
    expect: { poll: { timeout: 15_000 } },
  },
};

export default defineConfig({
  test: {
    sequence: { sequencer: LongFirstSequencer },
    projects: [server, './apps/web/vitest.config.ts', e2e],
  },
});
