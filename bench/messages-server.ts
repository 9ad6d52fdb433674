// Child process of the messages benchmark: the real app on a SQLite file (or PostgreSQL with DATABASE_URL),
// driven by IPC: make users with sessions, and write a long conversation history.
import crypto from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { pairKey } from '../apps/server/src/features/relations/index.ts';
import { sessionUser } from './session-users.ts';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_ON_START: 'false',
  HOST: '127.0.0.1',
});
const app = await buildApp(config, { logger: false });
await app.listen({ port: config.port, host: '127.0.0.1' });

type Message = { type: 'users'; count: number } | { type: 'history'; a: string; b: string; count: number };

async function makeUsers(count: number) {
  const now = new Date().toISOString();
  const tag = crypto.randomUUID().slice(0, 8);
  const users: { id: string; cookie: string }[] = [];
  for (let i = 0; i < count; i++)
    users.push(await sessionUser(app.db, config.authSecret!, `msg-bench-${tag}-${i}`, `Persona ${i}`, now));
  return users;
}

// A conversation with `count` messages in two voices, written in bulk in the shape the send path writes
// (seq 1..count, the conversation's last_seq, both read markers): 10,000 sends through HTTP would spend the
// benchmark's time on the send limit, and what is measured afterwards is reading.
async function history(a: string, b: string, count: number): Promise<string> {
  const id = uuidv7();
  const [low, high] = a < b ? [a, b] : [b, a];
  const start = Date.now() - count * 60_000;
  await app.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('conversations')
      .values({
        id,
        pair_key: pairKey(a, b),
        user_low_id: low,
        user_high_id: high,
        last_message_at: new Date(start + count * 60_000).toISOString(),
        created_at: new Date(start).toISOString(),
      })
      .execute();
    await trx
      .insertInto('conversation_members')
      .values([
        { conversation_id: id, user_id: a },
        { conversation_id: id, user_id: b },
      ])
      .execute();
    for (let i = 0; i < count; i += 500) {
      const rows = Array.from({ length: Math.min(500, count - i) }, (_, k) => {
        const seq = i + k + 1;
        return {
          id: uuidv7(),
          conversation_id: id,
          seq,
          sender_id: seq % 2 ? a : b,
          body: `Mensaje número ${seq} de una conversación larga, con algo de texto como los de verdad.`,
          client_id: null,
          created_at: new Date(start + seq * 60_000).toISOString(),
        };
      });
      await trx.insertInto('messages').values(rows).execute();
    }
    await trx.updateTable('conversations').set({ last_seq: count }).where('id', '=', id).execute();
    await trx
      .updateTable('conversation_members')
      .set({ last_read_seq: count })
      .where('conversation_id', '=', id)
      .execute();
  });
  return id;
}

process.on('message', (message: Message) => {
  const reply = (value: unknown) => process.send!({ type: message.type, value });
  if (message.type === 'users') void makeUsers(message.count).then(reply);
  if (message.type === 'history') void history(message.a, message.b, message.count).then(reply);
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.send!({ type: 'ready', value: config.port });
