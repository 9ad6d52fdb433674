import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    name: 'server', root: '/work/main/apps/server', include: ['test/**/*.test.ts'], environment: 'node',
    testTimeout: 60000, hookTimeout: 60000, setupFiles: ['./test/setup.ts'], globalSetup: ['./test/global-setup.ts'],
    pool: 'forks', poolOptions: { forks: { execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] } },
  },
});
