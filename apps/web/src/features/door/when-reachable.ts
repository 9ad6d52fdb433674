// How long a door call waits for the server before the door answers on its own.
import { isNetworkFailure } from './api/door-calls.ts';

export const SCAN_TIMEOUT_MS = 4000;

// The server's answer, or null when there is no way through (no signal, or the request never got an answer):
// the door then does it itself and syncs it later under the same clientId.
export async function whenReachable<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T | null> {
  if (!navigator.onLine) return null;
  try {
    return await call(AbortSignal.timeout(SCAN_TIMEOUT_MS));
  } catch (error) {
    if (isNetworkFailure(error)) return null;
    throw error;
  }
}
