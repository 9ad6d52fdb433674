// Pushing notifications raised inside a transaction, after its commit.
import type { Notification } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import { publishNotification } from '../notifications/index.ts';

export async function publishTicketNotifications(db: Db, bus: RealtimeBus, notifications: Notification[]) {
  for (const n of notifications) await publishNotification(db, bus, n);
}
