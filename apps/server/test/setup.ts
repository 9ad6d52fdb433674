// A console.error during a server test is a failure: it means something went wrong that no assertion saw.
// Wrapped once per module graph even where a worker's files share their modules (`vitest --no-isolate`), where this
// file runs again before each of them; each file's afterEach drains what was caught.
import { afterEach, vi } from 'vitest';

const CAUGHT = Symbol.for('nocturna.test.consoleErrors');
const shared = globalThis as typeof globalThis & { [CAUGHT]?: unknown[][] };
if (!shared[CAUGHT]) {
  const caught: unknown[][] = [];
  shared[CAUGHT] = caught;
  const original = console.error;
  console.error = (...args: unknown[]) => {
    caught.push(args);
    original(...args);
  };
}
const errors = shared[CAUGHT];

afterEach(() => {
  if (errors.length) {
    const seen = errors.splice(0);
    throw new Error(
      `console.error was called during the test: ${seen.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
vi.setConfig({ testTimeout: 30_000 });
