// A console.error during a server test is a failure: it means something went wrong that no assertion saw.
import { afterEach, vi } from 'vitest';

const errors: unknown[][] = [];
// The server files share their workers' modules (--no-isolate) and this file runs again before each of them:
// each wraps the console's own console.error, kept once per worker, not the wrapper of the file before.
const keep = globalThis as { consoleErrorOfWorker?: typeof console.error };
const original = (keep.consoleErrorOfWorker ??= console.error);
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  if (errors.length) {
    const seen = errors.splice(0);
    throw new Error(
      `console.error was called during the test: ${seen.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
vi.setConfig({ testTimeout: 30_000 });
