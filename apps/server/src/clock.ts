// The server's one clock. Every rule that depends on the time (which night is "tonight", whether a sale or a door
// window is open, when a hold expires, what "upcoming" means) reads it here, so a test can pin the instant it runs
// at instead of depending on the hour CI happens to start. Processes started by a test set their clock with
// libfaketime (`npm run test:any-hour`), which this reads through Date.now() like everything else.
// A duration or a timeout (latency, a polling deadline, a backoff wait, a throttle) is not calendar time: it is
// measured with performance.now(), which a pinned clock does not stop. ESLint keeps other reads out of the server.
// `source` is Date.now as it is when this module loads, so fake timers installed later do not move it: pin instead.
let source: () => number = Date.now;

// Milliseconds since the epoch, now.
export function nowMs(): number {
  return source();
}

// The current instant.
export function now(): Date {
  return new Date(source());
}

// For tests that run the server in their own process: from now on the clock reads `at`, plus the time that has
// passed since the call when `running` is set (a clock that starts at `at` and keeps going). Returns the undo.
export function pinClock(at: Date | string | number, options: { running?: boolean } = {}): () => void {
  const pinned = new Date(at).getTime();
  if (Number.isNaN(pinned)) throw new Error(`pinClock: not an instant: ${String(at)}`);
  const previous = source;
  const startedAt = Date.now();
  source = options.running ? () => pinned + (Date.now() - startedAt) : () => pinned;
  return () => {
    source = previous;
  };
}
