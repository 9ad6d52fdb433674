import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { preact } from './vite.config.ts';

const require = createRequire(import.meta.url);
// Testing Library's ES module build: its CommonJS one would `require` React itself, past the alias.
const testingLibrary = path.join(
  path.dirname(require.resolve('@testing-library/react/package.json')),
  'dist/@testing-library/react.esm.js',
);

export default defineProject({
  plugins: [react()],
  // The units run on the runtime the browser gets (Preact's React API); dependencies that import React are
  // inlined so the alias reaches them too.
  resolve: {
    conditions: ['module', 'browser', 'development'],
    mainFields: ['module', 'jsnext:main', 'jsnext', 'main'],
    alias: [{ find: /^@testing-library\/react$/, replacement: testingLibrary }, ...preact],
  },
  ssr: {
    resolve: {
      conditions: ['module', 'browser', 'development'],
      mainFields: ['module', 'jsnext:main', 'jsnext', 'main'],
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // A limit against hangs, not a speed check: the longest unit compares a year and more of dates with Intl and
    // took 8 s on a loaded 2-core machine.
    testTimeout: 30_000,
    setupFiles: ['./src/test-setup.ts'],
    server: {
      deps: {
        inline: [
          /\/preact\//,
          /@testing-library\/react/,
          /react-router/,
          /@tanstack\/react-query/,
          /react-i18next/,
          /react-hot-toast/,
          /react-hook-form/,
          /@hookform/,
          /lucide-react/,
          /qrcode\.react/,
          /recharts/,
          /linkify-react/,
          /react-markdown/,
        ],
      },
    },
  },
});
