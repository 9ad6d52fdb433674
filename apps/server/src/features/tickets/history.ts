// A line of a ticket's history written by another feature inside its own transaction: the door's check-in and
// refusal commit together with their 'checked_in' or 'refused' line, or neither is written.
import type { Db } from '../../db/connect.ts';
import type { TicketHistoryTable } from '../../db/schema.ts';
import { insertHistory } from './repository.ts';

export async function recordTicketHistory(trx: Db, line: TicketHistoryTable): Promise<void> {
  await insertHistory(trx, [line]);
}
