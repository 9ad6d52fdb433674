// One HEIC worker, started on the first HEIC upload and stopped after a quiet minute: a warm libheif decodes a
// 12 MP photo in about a second instead of three to five, and an idle server does not keep its memory.
import { Worker } from 'node:worker_threads';

export type Rgba = { width: number; height: number; data: Uint8ClampedArray };
type Reply = ({ ok: true } & Rgba) | { ok: false; message: string };

const IDLE_MS = 60_000;

let worker: Worker | null = null;
let idle: NodeJS.Timeout | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (image: Rgba) => void; reject: (error: Error) => void }>();

function failAll(error: Error) {
  for (const { reject } of waiting.values()) reject(error);
  waiting.clear();
}

function start(): Worker {
  const w = new Worker(new URL('./heic-worker.ts', import.meta.url));
  // It never keeps the process alive on its own.
  w.unref();
  w.on('message', (reply: Reply & { id: number }) => {
    const job = waiting.get(reply.id);
    if (!job) return;
    waiting.delete(reply.id);
    if (reply.ok) job.resolve(reply);
    else job.reject(new Error(reply.message));
  });
  w.on('error', (error: Error) => failAll(error));
  w.on('exit', () => {
    if (worker === w) worker = null;
    failAll(new Error('HEIC worker stopped'));
  });
  return w;
}

export function decodeHeic(input: Buffer): Promise<Rgba> {
  clearTimeout(idle);
  worker ??= start();
  const id = nextId++;
  const bytes = new Uint8Array(input);
  const result = new Promise<Rgba>((resolve, reject) => waiting.set(id, { resolve, reject }));
  worker.postMessage({ id, input: bytes }, [bytes.buffer]);
  return result.finally(() => {
    if (waiting.size > 0) return;
    clearTimeout(idle);
    idle = setTimeout(() => {
      void worker?.terminate();
      worker = null;
    }, IDLE_MS).unref();
  });
}
