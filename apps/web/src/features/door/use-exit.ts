// "Sale a fumar" on a ticket already inside (a YA USADA answer); offline it is queued like an entry.
import { useCallback } from 'react';
import { postExit } from './api/door-calls.ts';
import { markOutsideInPack } from './offline/local-verify.ts';
import type { AnswerParts } from './door-answer-parts.ts';
import { exitedOfflineShown, exitedShown } from './station-results.ts';
import { whenReachable } from './when-reachable.ts';

export function useExit(eventId: string, door: string, parts: AnswerParts) {
  const { setRefusing } = parts;
  const { packRef, keepPack } = parts.packs;
  const { queueLocally } = parts.offline;
  const { setAforo, countLocally } = parts.counts;
  const { shownRef, setShown } = parts.shown;

  return useCallback(async () => {
    const current = shownRef.current;
    const ticket = current?.result.ticket;
    if (!current || !ticket) return;
    setRefusing(true);
    const clientId = crypto.randomUUID();
    try {
      const res = await whenReachable((signal) =>
        postExit(eventId, { ticketId: ticket.id, door, clientId }, signal),
      );
      if (res) {
        setAforo(res.aforo);
        if (packRef.current) keepPack(markOutsideInPack(packRef.current, ticket.id, true));
        setShown(exitedShown(current, res));
        return;
      }
      queueLocally({
        clientId,
        ticketId: ticket.id,
        token: null,
        scannedAt: new Date().toISOString(),
        door,
        action: 'exit',
      });
      setShown(exitedOfflineShown(current, ticket, countLocally(0, -1)));
    } finally {
      setRefusing(false);
    }
  }, [
    eventId,
    door,
    setRefusing,
    packRef,
    keepPack,
    queueLocally,
    setAforo,
    countLocally,
    shownRef,
    setShown,
  ]);
}
