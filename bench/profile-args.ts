// BENCH_CPU_PROF=<dir>: a benchmark's server process (and its side-work worker) writes a V8 CPU profile there when
// it exits; `node bench/cpu-profile-summary.ts <file>` says where the time went. Without it, the parent's own flags.
export function profileArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? [...process.execArgv, '--cpu-prof', '--cpu-prof-dir', dir] : process.execArgv;
}
