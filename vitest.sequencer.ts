// Orders test files so that the long ones start first. Vitest alone runs the files it has timed before longest
// first, but a clean checkout (every CI run) has no timings and falls back to the largest files first, and the
// longest server files (each starts server processes or restarts a database) and journeys are not the largest: one
// started late would run alone on one core while the other idles. The files named here go first, in this order; the
// rest keep Vitest's own order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Per-file durations from a whole run on the 2-core CI machine, longest first: the server files, then the journeys
// (each named from its project's root). A file missing from this list is not an error; it only starts later.
const LONG_FIRST = [
  'test/ops/faults.test.ts',
  'src/features/payments/payments-race.test.ts',
  'test/security/fuzz.test.ts',
  'test/ops/backup.test.ts',
  'src/features/wall/wall-visitors.test.ts',
  'test/ops/shutdown.test.ts',
  'test/realtime/cluster.test.ts',
  'test/door/scan.test.ts',
  'test/ops/foundation-process.test.ts',
  'test/security/canonical-paths.test.ts',
  'test/ops/health-metrics.test.ts',
  'src/features/assistant/assistant-model.test.ts',
  // The journeys (two files at a time), from a whole run on the same machine.
  'wall.e2e.ts',
  'language.e2e.ts',
  'promoters.e2e.ts',
  'door-fair.e2e.ts',
  'door.e2e.ts',
  'people.e2e.ts',
  'discovery.e2e.ts',
  'ssr.e2e.ts',
];

function rank(spec: TestSpecification): number {
  const file = spec.moduleId.slice(spec.project.config.root.length + 1);
  const at = LONG_FIRST.indexOf(file);
  return at === -1 ? LONG_FIRST.length : at;
}

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: files outside the list keep Vitest's order among themselves.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
