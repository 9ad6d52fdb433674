// A console.error during a server test is a failure: it means something went wrong that no assertion saw.
import { afterEach, vi } from 'vitest';

const errors: unknown[][] = [];
const original = console.error;
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
