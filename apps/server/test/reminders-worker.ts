// A second scheduler in its own process, as on another server: runs one reminder tick against the database
// given in argv and prints how many reminders it sent.
import { openDatabase } from '../src/db/connect.ts';
import { sendDueReminders } from '../src/features/reminders/scheduler.ts';
import type { Config } from '../src/config.ts';

const [database, now, name] = process.argv.slice(2) as [string, string, string];
const { db } = openDatabase(JSON.parse(database) as Config['database']);
// This process has no sockets; the reminder reaches the user's tabs when they next read their notifications.
const bus = { toUser: () => undefined, disconnectSession: () => undefined };
const sent = await sendDueReminders(db, bus, name, new Date(now));
await db.destroy();
process.stdout.write(String(sent));
