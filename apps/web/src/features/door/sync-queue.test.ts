// @vitest-environment node
// The offline queue's order on its way to the server.
import { describe, expect, it } from 'vitest';
import { SYNC_BATCH_MAX } from '@nocturna/shared/checkin';
import type { QueuedCheckIn } from './offline/door-store.ts';
import { nextSyncBatch, queuedEntryOf, withoutSynced } from './sync-queue.ts';

const at = '2026-11-21T00:30:00.000Z';
const item = (clientId: string, door: string, extra: Partial<QueuedCheckIn> = {}): QueuedCheckIn => ({
  clientId,
  ticketId: `t-${clientId}`,
  token: null,
  scannedAt: at,
  door,
  ...extra,
});
const answered = (clientId: string) => ({
  clientId,
  status: 'recorded' as const,
  reason: null,
  conflictId: null,
});

describe('the offline queue on its way to the server', () => {
  it('sends the oldest movement’s door first, that door’s movements in order, without the door on each', () => {
    const queue = [item('a', 'Norte'), item('b', 'Sur'), item('c', 'Norte', { action: 'exit' })];
    expect(nextSyncBatch(queue)).toEqual({
      door: 'Norte',
      checkIns: [
        { clientId: 'a', ticketId: 't-a', token: null, scannedAt: at },
        { clientId: 'c', ticketId: 't-c', token: null, scannedAt: at, action: 'exit' },
      ],
    });
    expect(nextSyncBatch([])).toBeNull();
  });

  it('sends at most one batch’s worth at a time', () => {
    const queue = Array.from({ length: SYNC_BATCH_MAX + 2 }, (_, i) => item(`c${i}`, 'Norte'));
    const batch = nextSyncBatch(queue)!;
    expect(batch.checkIns).toHaveLength(SYNC_BATCH_MAX);
    expect(batch.checkIns.at(-1)!.clientId).toBe(`c${SYNC_BATCH_MAX - 1}`);
  });

  it('keeps, in order, only what the server did not answer for', () => {
    const queue = [item('a', 'Norte'), item('b', 'Sur'), item('c', 'Norte')];
    expect(withoutSynced(queue, [answered('c'), answered('a')]).map((q) => q.clientId)).toEqual(['b']);
    expect(withoutSynced(queue, []).map((q) => q.clientId)).toEqual(['a', 'b', 'c']);
  });

  it('finds the entry a scan queued (no action is an entry), never another movement under that clientId', () => {
    const old = item('a', 'Norte');
    const entry = item('b', 'Norte', { action: 'entry' });
    const exit = item('c', 'Norte', { action: 'exit' });
    expect(queuedEntryOf([old, entry, exit], 'a')).toBe(old);
    expect(queuedEntryOf([old, entry, exit], 'b')).toBe(entry);
    expect(queuedEntryOf([old, entry, exit], 'c')).toBeUndefined();
    expect(queuedEntryOf([old], 'z')).toBeUndefined();
  });
});
