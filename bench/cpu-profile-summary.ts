// Reads a V8 CPU profile (a bench run with BENCH_CPU_PROF=<dir>) and prints where the time went: self time by
// function and by package or source file, and the inclusive time of our own functions (what runs under them).
// Run: node bench/cpu-profile-summary.ts <file.cpuprofile> [top=25]
import fs from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/cpu-profile-summary.ts <file.cpuprofile> [top]');
const top = Number(process.argv[3] ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const totalUs = profile.endTime - profile.startTime;

// Where a frame comes from: a package under node_modules, one of our files, or V8/Node itself.
function origin(url: string): string {
  if (!url) return '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `pkg ${pkg[1]}`;
  if (url.startsWith('node:')) return url;
  const ours = /(apps\/[^?]+|packages\/[^?]+|bench\/[^?]+)/.exec(url);
  return ours ? ours[1]! : url;
}
const label = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${origin(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const selfByFunction = new Map<string, number>();
const selfByOrigin = new Map<string, number>();
const inclusiveOurs = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id)!;
  add(selfByFunction, label(n), us);
  add(selfByOrigin, origin(n.callFrame.url), us);
  // Inclusive: every distinct function of ours on the stack gets this sample once.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const frame = byId.get(cur)!;
    if (!/apps\/server\/src|packages\/shared/.test(frame.callFrame.url)) continue;
    const key = label(frame);
    if (seen.has(key)) continue;
    seen.add(key);
    add(inclusiveOurs, key, us);
  }
}

const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `  ${(us / 1000).toFixed(0).padStart(7)} ms ${((us / totalUs) * 100).toFixed(1).padStart(5)}%  ${k}`,
    );
};
console.log(`${file}: ${(totalUs / 1000).toFixed(0)} ms profiled`);
print('Self time by origin', selfByOrigin);
print('Self time by function', selfByFunction);
print('Inclusive time of our functions', inclusiveOurs);
