// What the door station shows and how far its pack got, shared by its hooks and the door page's components.
import type { Dispatch, RefObject, SetStateAction } from 'react';
import type { RefusalReason, ScanResult } from '@nocturna/shared';

export type ScanShown = {
  result: ScanResult;
  offline: boolean;
  // The scan's clientId: the entry it recorded carries it, so a refusal right after can name that entry.
  clientId?: string;
  // After "Rechazar": why, and whether the club refunds it (null: decided when an offline refusal syncs).
  refusal?: { reason: RefusalReason; refunded: boolean | null };
  // After "Sale a fumar".
  exited?: boolean;
};
export type PackState = 'loading' | 'ready' | 'missing';

// A scan with no answer from the server and no event pack on this phone to answer it: the door page says so.
export class NoPackError extends Error {
  constructor() {
    super('No event pack on this phone to answer the scan offline.');
    this.name = 'NoPackError';
  }
}

// What a scan reads: a QR's token, or a ticket picked by hand in the search.
export type ScanInput = { token?: string; ticketId?: string };

// The answer on screen: in state for the page, in a ref for the actions taken on it (refuse, exit).
export type ShownAnswer = {
  shownRef: RefObject<ScanShown | null>;
  setShown: Dispatch<SetStateAction<ScanShown | null>>;
};
