// The soak benchmark's load generator: open loop at a fixed arrival rate. Request i is due at
// start + i / rate whatever the earlier ones are doing (a slow server does not slow the arrivals, as it would
// not slow thousands of phones), and its latency is counted from that due time, so time spent waiting in the
// generator is charged too instead of being hidden (no coordinated omission). node:http with one keep-alive
// agent per server; requests go to the two servers alternately, as a round-robin proxy would send them.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { percentile } from './bench-stats.ts';
import type { SoakServer } from './soak-cluster.ts';

export type Kind = 'browse' | 'ticket' | 'messages' | 'door' | 'health';

export type RequestSpec = {
  kind: Kind;
  // Route name for the per-route figures (e.g. "GET /api/events/:id").
  route: string;
  method: 'GET' | 'POST';
  path: string;
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
  // Statuses that count as success; 2xx when absent.
  expect?: number[];
  // Given the parsed JSON of a successful answer.
  onBody?: (body: unknown) => void;
};

export type Result = {
  kind: Kind;
  route: string;
  // Due time and answer time, ms since the step started.
  at: number;
  end: number;
  ms: number;
  status: number;
  ok: boolean;
  // For failures: "status CODE" or the network error.
  failure?: string;
};

const REQUEST_TIMEOUT_MS = 10_000;

export class LoadGenerator {
  private readonly agents: http.Agent[];
  private readonly servers: SoakServer[];

  constructor(servers: SoakServer[]) {
    this.servers = servers;
    this.agents = servers.map(() => new http.Agent({ keepAlive: true, maxSockets: 512 }));
  }

  send(serverIndex: number, spec: RequestSpec, dueAt: number, stepStart: number): Promise<Result> {
    const server = this.servers[serverIndex]!;
    const payload = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    return new Promise((resolve) => {
      let settled = false;
      const finish = (status: number, failure: string | undefined) => {
        if (settled) return;
        settled = true;
        resolve({
          kind: spec.kind,
          route: spec.route,
          at: dueAt - stepStart,
          end: performance.now() - stepStart,
          ms: performance.now() - dueAt,
          status,
          ok: failure === undefined,
          failure,
        });
      };
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: spec.method,
          path: spec.path,
          agent: this.agents[serverIndex],
          timeout: REQUEST_TIMEOUT_MS,
          headers: {
            accept: 'application/json',
            'accept-encoding': 'gzip, br',
            ...(spec.cookie ? { cookie: spec.cookie } : {}),
            ...(spec.method === 'POST' ? { origin: server.origin } : {}),
            ...(payload !== undefined
              ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
              : {}),
            ...spec.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (error) => finish(0, `response ${error.message}`));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const good = spec.expect ? spec.expect.includes(status) : status >= 200 && status < 300;
            if (!good) {
              let code = '';
              try {
                code = (JSON.parse(decode(res, Buffer.concat(chunks))) as { error?: { code?: string } }).error
                  ?.code as string;
              } catch {
                // Not JSON: the status says enough.
              }
              return finish(status, `${status}${code ? ` ${code}` : ''}`);
            }
            if (spec.onBody) {
              try {
                spec.onBody(JSON.parse(decode(res, Buffer.concat(chunks))));
              } catch (error) {
                return finish(status, `bad body: ${(error as Error).message}`);
              }
            }
            finish(status, undefined);
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`timeout after ${REQUEST_TIMEOUT_MS} ms`)));
      req.on('error', (error: NodeJS.ErrnoException) => finish(0, error.code ?? error.message));
      req.end(payload);
    });
  }

  // `seconds` at `rate` requests/s; pick(i) says what request i is. Resolves once every answer is in. When
  // shouldStop() says so, no further request is sent (stopped: true).
  async run(
    rate: number,
    seconds: number,
    pick: (i: number) => RequestSpec,
    options: { onResult?: (result: Result) => void; shouldStop?: () => boolean } = {},
  ): Promise<{ results: Result[]; generatorLagP99Ms: number; seconds: number; stopped: boolean }> {
    const total = Math.round(rate * seconds);
    const interval = 1000 / rate;
    const results: Result[] = [];
    const inFlight = new Set<Promise<void>>();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const start = performance.now();
    let next = 0;
    let stopped = false;
    while (next < total) {
      if (options.shouldStop?.()) {
        stopped = true;
        break;
      }
      const now = performance.now();
      while (next < total && start + next * interval <= now) {
        const due = start + next * interval;
        const spec = pick(next);
        const pending = this.send(next % this.servers.length, spec, due, start).then((result) => {
          results.push(result);
          options.onResult?.(result);
          inFlight.delete(pending);
        });
        inFlight.add(pending);
        next += 1;
      }
      if (next < total) {
        const wait = start + next * interval - performance.now();
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(wait, 50))));
      }
    }
    await Promise.all(inFlight);
    loop.disable();
    return {
      results,
      generatorLagP99Ms: loop.percentile(99) / 1e6,
      seconds: (performance.now() - start) / 1000,
      stopped,
    };
  }

  close(): void {
    for (const agent of this.agents) agent.destroy();
  }
}

function decode(res: http.IncomingMessage, raw: Buffer): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString();
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString();
  return raw.toString();
}

export type Summary = {
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  failures: Record<string, number>;
};

export function summarise(results: Result[], seconds: number): Summary {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const failures: Record<string, number> = {};
  for (const r of results)
    if (!r.ok) failures[`${r.route} → ${r.failure}`] = (failures[`${r.route} → ${r.failure}`] ?? 0) + 1;
  return {
    count: results.length,
    perSecond: results.length / seconds,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.at(-1) ?? NaN,
    errors: results.filter((r) => !r.ok).length,
    failures,
  };
}
