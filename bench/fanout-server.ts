// Child process of the fan-out benchmark: the real app on a SQLite file (shared by both servers in the
// two-server run) with the Redis adapter when REDIS_URL is set. Driven by IPC: make users with sessions,
// publish notifications at a steady rate through the real notify(), and report memory.
import crypto from 'node:crypto';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { notify } from '../apps/server/src/features/notifications/service.ts';
import { userRow } from './user-rows.ts';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_ON_START: 'false',
  HOST: '127.0.0.1',
});
const app = await buildApp(config, { logger: false });
await app.listen({ port: config.port, host: '127.0.0.1' });

type Message =
  | { type: 'users'; count: number }
  | { type: 'publish'; userIds: string[]; perSecond: number; seconds: number }
  | { type: 'memory' };

// Sessions are written straight to the table and signed like better-auth's cookie: signing up 1,000 users
// through the password hash would take minutes and measure nothing this benchmark is about.
async function makeUsers(count: number) {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const users: { id: string; cookie: string }[] = [];
  const tag = crypto.randomUUID().slice(0, 8);
  for (let i = 0; i < count; i++) {
    const id = `bench-${tag}-${i}`;
    const token = crypto.randomBytes(24).toString('base64url');
    await app.db
      .insertInto('users')
      .values(userRow(id, `Bench ${i}`, now))
      .execute();
    await app.db
      .insertInto('sessions')
      .values({
        id: `s-${id}`,
        user_id: id,
        token,
        expires_at: expires,
        ip_address: null,
        user_agent: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const signature = crypto.createHmac('sha256', config.authSecret!).update(token).digest('base64');
    users.push({ id, cookie: `nocturna.session_token=${encodeURIComponent(`${token}.${signature}`)}` });
  }
  return users;
}

async function publish(userIds: string[], perSecond: number, seconds: number) {
  const total = perSecond * seconds;
  const interval = 1000 / perSecond;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const userId = userIds[i % userIds.length]!;
    void notify(app.db, app.realtime, {
      userId,
      type: 'system',
      message: 'addedToDoor',
      data: { clubName: `Bench ${i}` },
      refs: { sentAt: String(performance.timeOrigin + performance.now()) },
    });
  }
  return total;
}

function memory() {
  globalThis.gc?.();
  return process.memoryUsage();
}

process.on('message', (message: Message) => {
  const reply = (value: unknown) => process.send!({ type: message.type, value });
  if (message.type === 'users') void makeUsers(message.count).then(reply);
  if (message.type === 'publish')
    void publish(message.userIds, message.perSecond, message.seconds).then(reply);
  if (message.type === 'memory') reply(memory());
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.send!({ type: 'ready', value: config.port });
