// Who used the machine's CPUs between two reads (Linux /proc): the load generator, the two servers, PostgreSQL
// and Redis (all their clients, not only ours), and everything else. On a shared machine the last one says
// whether a bad minute was the app or a neighbour.
import fs from 'node:fs';

export type CpuSplit = {
  generator: number;
  servers: number;
  postgres: number;
  redis: number;
  others: number;
};
type Reading = { at: number; ticks: Map<number, { comm: string; ticks: number }> };

const TICKS_PER_SECOND = 100;

function read(): Reading | null {
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const ticks = new Map<number, { comm: string; ticks: number }>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // utime and stime are fields 14 and 15 of the line; here counted from the state field (3).
      ticks.set(Number(pid), { comm, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return { at: performance.now(), ticks };
}

// CPU used since the previous call, in cores (1 = one CPU busy the whole time).
export function cpuMeter(serverPids: number[]): () => CpuSplit | null {
  let last = read();
  return () => {
    const now = read();
    if (!now || !last) return null;
    const seconds = (now.at - last.at) / 1000;
    const split: CpuSplit = { generator: 0, servers: 0, postgres: 0, redis: 0, others: 0 };
    for (const [pid, { comm, ticks }] of now.ticks) {
      const before = last.ticks.get(pid);
      // A process born since the last read counts from zero.
      const used = (ticks - (before && before.comm === comm ? before.ticks : 0)) / TICKS_PER_SECOND / seconds;
      if (pid === process.pid) split.generator += used;
      else if (serverPids.includes(pid)) split.servers += used;
      else if (comm === 'postgres') split.postgres += used;
      else if (comm.startsWith('redis')) split.redis += used;
      else split.others += used;
    }
    last = now;
    return split;
  };
}
