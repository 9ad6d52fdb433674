// Which user this tab last reported as online. Sign-out from the shell reports offline *before* the
// session ends (afterwards the server no longer knows who is leaving), and the presence hook then knows
// not to report again.
import type { PresenceDevice } from '@nocturna/shared';
import { sendOffline } from './api/presence-calls.ts';

let online: { userId: string; device: PresenceDevice } | null = null;

export function markReportedOnline(userId: string, device: PresenceDevice): void {
  online = { userId, device };
}

export function reportedOnline(userId: string): PresenceDevice | null {
  return online?.userId === userId ? online.device : null;
}

export function forgetPresence(): void {
  online = null;
}

// Call before ending the session; resolves once the server has heard it (or the call failed).
export async function goOfflineBeforeSignOut(): Promise<void> {
  const current = online;
  online = null;
  if (current) await sendOffline(current.device);
}
