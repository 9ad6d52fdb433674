// Live wall benchmark, `npm run bench:wall`. A real server (child process, SQLite file, or PostgreSQL
// with DATABASE_URL), VIEWERS people (default 500) with real Socket.IO connections watching one event's wall,
// while ticket holders post RATE snapshots a second (default 5; two real photos each, through multipart, the
// image pipeline and the storage) for SECONDS (default 60).
// - Headline: request sent → seen by every viewer (the last viewer's wall:snapshot), p50 / p99 (aim < 500 ms). The
//   server broadcasts before it answers 201, so timing from the 201 would say ~0 by construction; from the send
//   it includes the upload, the image pipeline, the storage, the insert and the fan-out.
// - The fan-out: first → last viewer of a snapshot, against a baseline in the same run, interleaved: a reaction
//   (PUT, no image) → every viewer's wall:reactions, the same room broadcast without the photos.
// - The image pipeline per snapshot DURING the load, as the server timed it (its Server-Timing header), p50 / p99;
//   and the same pipeline alone on an idle server afterwards, for comparison.
// - Server RSS: with the sockets connected, its peak sampled every 50 ms during the run, and after; errors.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { WALL_SOCKET_EVENTS } from '@nocturna/shared/wall-constants';
import { startChildServer } from './child-server.ts';
import { stats } from './bench-stats.ts';

const VIEWERS = Number(process.env.VIEWERS ?? 500);
const RATE = Number(process.env.RATE ?? 5);
const SECONDS = Number(process.env.SECONDS ?? 60);
const SECRET = 'wall-bench-secret-0123456789abcdef0123456789abcd';

type User = { id: string; cookie: string };
const ms = (v: number) => `${v.toFixed(1)} ms`;
const mb = (v: number) => `${(v / 1024 / 1024).toFixed(0)} MB`;

async function photo(color: string, width: number, height: number) {
  // A phone-like JPEG: blurred noise under a colour, so it compresses like a photo, not like a flat fill.
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const grain = await sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(3)
    .png()
    .toBuffer();
  return sharp(grain)
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect width="100%" height="100%" fill="${color}" opacity="0.6"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

function form(front: Buffer, back: Buffer) {
  const data = new FormData();
  data.append('front', new Blob([new Uint8Array(front)], { type: 'image/jpeg' }), 'front.jpg');
  data.append('back', new Blob([new Uint8Array(back)], { type: 'image/jpeg' }), 'back.jpg');
  return data;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-wall-bench-'));
const server = await startChildServer('wall-server.ts', dataDir, SECRET);
const origin = server.url.replace('127.0.0.1', 'localhost');
const errors: string[] = [];
const sockets: Socket[] = [];
try {
  const eventId = await server.ask<string>({ type: 'event' });
  const posters = Math.ceil(RATE * SECONDS);
  const viewers = await server.ask<User[]>({ type: 'users', count: VIEWERS, eventId });
  const people = await server.ask<User[]>({ type: 'users', count: posters + 1, eventId });
  const front = await photo('#db2777', 1080, 1440);
  const back = await photo('#1d4ed8', 1920, 1440);
  console.log(
    `wall bench: ${VIEWERS} viewers, ${RATE} snapshots/s for ${SECONDS} s (photos ${(front.length / 1024).toFixed(0)} + ${(back.length / 1024).toFixed(0)} KB), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`,
  );

  // Every viewer connected and watching.
  type Arrival = { count: number; first: number; last: number };
  const seen = new Map<string, Arrival>();
  const reacted = new Map<string, Arrival>();
  const mark = (map: Map<string, Arrival>, key: string) => {
    const now = performance.now();
    const entry = map.get(key) ?? { count: 0, first: now, last: now };
    entry.count += 1;
    entry.last = now;
    map.set(key, entry);
  };
  await Promise.all(
    viewers.map(async (viewer) => {
      const socket = io(server.url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { cookie: viewer.cookie, origin },
      });
      sockets.push(socket);
      socket.on(WALL_SOCKET_EVENTS.snapshot, (s: { id: string }) => mark(seen, s.id));
      socket.on(WALL_SOCKET_EVENTS.reactions, (r: { snapshotId: string; reactions: { fire: number } }) =>
        mark(reacted, `${r.snapshotId}:${r.reactions.fire}`),
      );
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const answer = (await socket.emitWithAck(WALL_SOCKET_EVENTS.watch, eventId)) as { ok: boolean };
      if (!answer.ok) throw new Error('watch refused');
    }),
  );
  const rssBefore = await server.ask<number>({ type: 'rssWatch' });

  // One snapshot for the baseline's reactions.
  const reactor = people.pop()!;
  const target = await fetch(`${server.url}/api/wall/events/${eventId}/snapshots`, {
    method: 'POST',
    headers: { cookie: reactor.cookie, origin },
    body: form(front, back),
  });
  const targetId = ((await target.json()) as { id: string }).id;

  const accepted = new Map<string, { sent: number; accepted: number }>();
  // The server's own timing of each snapshot's image pipeline under the load (Server-Timing: images;dur=…).
  const imagesUnderLoad: number[] = [];
  const reactions: { key: string; accepted: number }[] = [];
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < posters; i++) {
    const due = started + (i * 1000) / RATE;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const poster = people[i]!;
    const sent = performance.now();
    inflight.push(
      fetch(`${server.url}/api/wall/events/${eventId}/snapshots`, {
        method: 'POST',
        headers: { cookie: poster.cookie, origin },
        body: form(front, back),
      }).then(
        async (response) => {
          const body = (await response.json()) as { id?: string };
          if (response.status !== 201 || !body.id) errors.push(`post ${response.status}`);
          else accepted.set(body.id, { sent, accepted: performance.now() });
          const timing = /images;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
          if (timing) imagesUnderLoad.push(Number(timing[1]));
          else if (response.status === 201) errors.push('post without Server-Timing');
        },
        (error: unknown) => void errors.push(String((error as { cause?: unknown }).cause ?? error)),
      ),
    );
    // The baseline, interleaved: a reaction from someone new, every other post slot. Each one raises the count by
    // one, so each broadcast count names one reaction (alternating on and off repeated the same counts, and
    // repeated counts are not timed).
    if (i % 2 === 0) {
      const who = people[(i + posters / 2) % posters]!;
      inflight.push(
        fetch(`${server.url}/api/wall/snapshots/${targetId}/reactions/fire`, {
          method: 'PUT',
          headers: { cookie: who.cookie, origin },
        }).then(async (response) => {
          const body = (await response.json()) as { reactions?: { fire: number } };
          if (response.status !== 200 || !body.reactions) errors.push(`reaction ${response.status}`);
          else reactions.push({ key: `${targetId}:${body.reactions.fire}`, accepted: performance.now() });
        }),
      );
    }
  }
  await Promise.all(inflight);
  // Let the last broadcasts arrive.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssPeak = await server.ask<number>({ type: 'rssPeak' });
  const rssAfter = await server.ask<number>({ type: 'rss' });

  const spread: number[] = [];
  const fromSend: number[] = [];
  let missing = 0;
  for (const [id, at] of accepted) {
    const entry = seen.get(id);
    if (!entry || entry.count < VIEWERS) {
      missing += 1;
      continue;
    }
    spread.push(entry.last - entry.first);
    fromSend.push(entry.last - at.sent);
  }
  const baseline: number[] = [];
  for (const r of reactions) {
    const entry = reacted.get(r.key);
    // Two reactions can land on the same count (on, off, on): only unambiguous ones are timed.
    if (entry && entry.count === VIEWERS) baseline.push(entry.last - entry.first);
  }
  const pipelineIdle = stats(
    await server.ask<number[]>({
      type: 'pipeline',
      front: front.toString('base64'),
      back: back.toString('base64'),
      runs: 20,
    }),
  );
  const pipeline = stats(imagesUnderLoad);
  const fan = stats(spread);
  const send = stats(fromSend);
  const base = stats(baseline);
  if (missing) errors.push(`${missing} snapshots not seen by every viewer`);
  console.log(`snapshots accepted: ${accepted.size} of ${posters}; errors: ${errors.length}`);
  console.log(
    `request sent → seen by all ${VIEWERS} viewers: p50 ${ms(send.p50)}, p99 ${ms(send.p99)} (n=${send.n}; aim < 500 ms)`,
  );
  console.log(
    `first → last viewer of a snapshot: p50 ${ms(fan.p50)}, p99 ${ms(fan.p99)} · baseline, a reaction's count ` +
      `(no photos): p50 ${ms(base.p50)}, p99 ${ms(base.p99)} (n=${base.n}) · ratio p99 ${(fan.p99 / Math.max(base.p99, 0.1)).toFixed(2)}×`,
  );
  console.log(
    `image pipeline per snapshot during the load (server's Server-Timing, both photos, two sizes): ` +
      `p50 ${ms(pipeline.p50)}, p99 ${ms(pipeline.p99)} (n=${pipeline.n}) · alone on the idle server: ` +
      `p50 ${ms(pipelineIdle.p50)}, p99 ${ms(pipelineIdle.p99)}`,
  );
  console.log(
    `server RSS: ${mb(rssBefore)} with ${VIEWERS} sockets → peak ${mb(rssPeak)} during the run ` +
      `(${(rssPeak / rssBefore).toFixed(2)}×) → ${mb(rssAfter)} after`,
  );
  if (errors.length) console.log(`errors: ${[...new Set(errors)].slice(0, 5).join('; ')}`);
  process.exitCode = errors.length ? 1 : 0;
} finally {
  for (const s of sockets) s.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
