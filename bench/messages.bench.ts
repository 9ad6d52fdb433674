// Messages benchmark, `npm run bench:messages`. A real server (child process, SQLite file), 400
// people with real Socket.IO connections and 200 active conversations between them.
// 1. Send-to-delivery: real HTTP sends (POST /api/conversations/:id/messages) at a steady rate, timed from
//    the request until the other person's socket receives message:new. Baseline in the same run, in
//    alternating one-second slices: an HTTP write that pushes to the user's own socket through the same bus
//    (POST /api/notifications/read-all → notifications:all-read).
// 2. Opening a conversation as the page does (POST /api/conversations {userId} + the first page of messages):
//    one with 10,000 messages against one with 10.
// Env: RATE (sends/s, default 50), SECONDS (of each kind, default 10), OPENS (per conversation, default 200).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { MESSAGE_SOCKET_EVENTS, SOCKET_EVENTS, type MessageNewEvent } from '@nocturna/shared';
import { startChildServer, type ChildServer } from './child-server.ts';
import { stats } from './bench-stats.ts';

const RATE = Number(process.env.RATE ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 10);
const OPENS = Number(process.env.OPENS ?? 200);
const CONVERSATIONS = 200;
const SECRET = 'messages-bench-secret-0123456789abcdef0123456789';

type User = { id: string; cookie: string };

async function call(base: string, user: User, method: string, url: string, body?: unknown) {
  const response = await fetch(base + url, {
    method,
    // State changes are accepted only from the app's own origin (PUBLIC_URL, http://localhost:$PORT).
    headers: {
      cookie: user.cookie,
      origin: base.replace('127.0.0.1', 'localhost'),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, json: () => JSON.parse(text) as Record<string, unknown> };
}

function connect(url: string, user: User): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: user.cookie },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-messages-bench-'));
let server: ChildServer | undefined;
const sockets: Socket[] = [];
try {
  server = await startChildServer('messages-server.ts', dataDir, SECRET);
  const base = server.url;
  const users = await server.ask<User[]>({ type: 'users', count: CONVERSATIONS * 2 + 4 });
  const people = users.slice(0, CONVERSATIONS * 2);

  // 200 conversations through the real API, each started by one of its two people.
  const conversations: { id: string; a: User; b: User }[] = [];
  for (let i = 0; i < CONVERSATIONS; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, CONVERSATIONS - i) }, async (_, k) => {
        const a = people[2 * (i + k)]!;
        const b = people[2 * (i + k) + 1]!;
        const response = await call(base, a, 'POST', '/api/conversations', { userId: b.id });
        if (response.status !== 201) throw new Error(`open conversation: ${response.status}`);
        return { id: String(response.json().id), a, b };
      }),
    );
    conversations.push(...batch);
  }

  // One socket per person, all listening.
  for (let i = 0; i < people.length; i += 100)
    sockets.push(...(await Promise.all(people.slice(i, i + 100).map((u) => connect(base, u)))));

  const sentAt = new Map<string, number>();
  const messageLatency: number[] = [];
  const baselineSent = new Map<string, number[]>();
  const baselineLatency: number[] = [];
  let measuring = false;
  people.forEach((person, i) => {
    const socket = sockets[i]!;
    socket.on(MESSAGE_SOCKET_EVENTS.messageNew, (event: MessageNewEvent) => {
      if (event.message.senderId === person.id || !event.message.clientId) return;
      const started = sentAt.get(event.message.clientId);
      if (started !== undefined && measuring) messageLatency.push(performance.now() - started);
    });
    socket.on(SOCKET_EVENTS.notificationsAllRead, () => {
      const started = baselineSent.get(person.id)?.shift();
      if (started !== undefined && measuring) baselineLatency.push(performance.now() - started);
    });
  });

  let sends = 0;
  let failures = 0;
  const sendOne = (n: number) => {
    const conversation = conversations[n % CONVERSATIONS]!;
    const [from] = Math.floor(n / CONVERSATIONS) % 2 ? [conversation.b] : [conversation.a];
    const clientId = `bench-message-${n}`;
    sentAt.set(clientId, performance.now());
    sends += 1;
    return call(base, from, 'POST', `/api/conversations/${conversation.id}/messages`, {
      body: `¿Nos vemos a las ${n % 24}:00 en la puerta?`,
      clientId,
    }).then((r) => {
      if (r.status !== 201) {
        failures += 1;
        if (failures <= 3) console.error(`send answered ${r.status}: ${JSON.stringify(r.json())}`);
      }
    });
  };
  let baselines = 0;
  const baselineOne = (n: number) => {
    const person = people[n % people.length]!;
    const queue = baselineSent.get(person.id) ?? [];
    queue.push(performance.now());
    baselineSent.set(person.id, queue);
    baselines += 1;
    return call(base, person, 'POST', '/api/notifications/read-all').then((r) => {
      if (r.status !== 204) failures += 1;
    });
  };

  // A steady rate for one second of one kind, without waiting for answers (as many people would send).
  let counter = 0;
  async function slice(kind: (n: number) => Promise<void>) {
    const inFlight: Promise<void>[] = [];
    const started = performance.now();
    for (let i = 0; i < RATE; i++) {
      const wait = started + (i * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      inFlight.push(kind(counter++));
    }
    await Promise.all(inFlight);
  }

  // Warm-up: every conversation gets its first message (they all become active), JIT and statement caches.
  await Promise.all(conversations.map((_, i) => sendOne(i)));
  counter = CONVERSATIONS * 2;
  await slice(baselineOne);
  await new Promise((r) => setTimeout(r, 500));
  // The load generator shares the machine: its own event-loop delay is printed so a saturated client is seen.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  measuring = true;
  for (let s = 0; s < SECONDS; s++) {
    await slice(sendOne);
    await slice(baselineOne);
  }
  await new Promise((r) => setTimeout(r, 1000));
  measuring = false;
  loop.disable();

  // Opening a conversation: 10,000 messages against 10.
  const [bigA, bigB, smallA, smallB] = users.slice(CONVERSATIONS * 2);
  const big = await server.ask<string>({ type: 'history', a: bigA!.id, b: bigB!.id, count: 10_000 });
  const small = await server.ask<string>({ type: 'history', a: smallA!.id, b: smallB!.id, count: 10 });
  const open = async (me: User, other: User) => {
    const started = performance.now();
    const conversation = await call(base, me, 'POST', '/api/conversations', { userId: other.id });
    const id = String(conversation.json().id);
    const firstPage = performance.now();
    const page = await call(base, me, 'GET', `/api/conversations/${id}/messages`);
    const done = performance.now();
    if (conversation.status !== 200 || page.status !== 200)
      throw new Error(`open: ${conversation.status}/${page.status}`);
    return {
      total: done - started,
      page: done - firstPage,
      items: (page.json().items as unknown[]).length,
      id,
    };
  };
  for (let i = 0; i < 20; i++) {
    await open(bigA!, bigB!);
    await open(smallA!, smallB!);
  }
  const opens = {
    big: [] as number[],
    small: [] as number[],
    bigPage: [] as number[],
    smallPage: [] as number[],
  };
  let pageSize = 0;
  for (let i = 0; i < OPENS; i++) {
    const b = await open(bigA!, bigB!);
    const s = await open(smallA!, smallB!);
    if (b.id !== big || s.id !== small) throw new Error('opened the wrong conversation');
    opens.big.push(b.total);
    opens.bigPage.push(b.page);
    opens.small.push(s.total);
    opens.smallPage.push(s.page);
    pageSize = b.items;
  }

  const m = stats(messageLatency);
  const bl = stats(baselineLatency);
  const f = (v: number) => `${v.toFixed(2).padStart(7)} ms`;
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(
    `\nNocturna messages benchmark · Node ${process.versions.node} · ${engine} · ${people.length} sockets · ${CONVERSATIONS} active conversations`,
  );
  console.log(
    `${RATE} requests/s of each kind for ${SECONDS} s, in alternating 1 s slices, HTTP + Socket.IO on 127.0.0.1\n`,
  );
  console.log('send → delivered to the other person’s socket');
  console.log(
    `  message (POST …/messages → message:new)              p50 ${f(m.p50)}  p99 ${f(m.p99)}  delivered ${m.n}/${sends - CONVERSATIONS} measured`,
  );
  console.log(
    `  baseline (POST /api/notifications/read-all → push)   p50 ${f(bl.p50)}  p99 ${f(bl.p99)}  delivered ${bl.n}`,
  );
  console.log(
    `  ratio message / baseline                              p50 ×${(m.p50 / bl.p50).toFixed(2)}     p99 ×${(m.p99 / bl.p99).toFixed(2)}`,
  );
  console.log(
    `  failed requests: ${failures} of ${sends + baselines}; load generator event-loop delay p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms · ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}\n`,
  );
  const ob = stats(opens.big);
  const os_ = stats(opens.small);
  const pb = stats(opens.bigPage);
  const ps = stats(opens.smallPage);
  console.log(
    `open a conversation (POST /api/conversations + first page of ${pageSize} messages), ${OPENS} times each`,
  );
  console.log(
    `  10,000 messages     p50 ${f(ob.p50)}  p99 ${f(ob.p99)}   (first page alone p50 ${f(pb.p50)}  p99 ${f(pb.p99)})`,
  );
  console.log(
    `  10 messages         p50 ${f(os_.p50)}  p99 ${f(os_.p99)}   (first page alone p50 ${f(ps.p50)}  p99 ${f(ps.p99)})`,
  );
  console.log(
    `  ratio 10,000 / 10   p50 ×${(ob.p50 / os_.p50).toFixed(2)}     p99 ×${(ob.p99 / os_.p99).toFixed(2)}\n`,
  );
} finally {
  for (const s of sockets) s.disconnect();
  await server?.stop();
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
