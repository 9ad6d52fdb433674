import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    // A unit that touches the DOM gets a fresh jsdom; the others say `@vitest-environment node` in their first
    // line and skip building one, which was most of their time.
    environment: 'jsdom',
    // Worker threads start faster than forked processes; the units load no native module.
    pool: 'threads',
    // A limit against hangs, not a speed check: the longest unit compares a year and more of dates with Intl and
    // took 8 s on a loaded 2-core machine.
    testTimeout: 30_000,
    setupFiles: ['./src/test-setup.ts'],
  },
});
