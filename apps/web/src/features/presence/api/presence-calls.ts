// POST /api/presence/register, /heartbeat and /offline. Failures are logged only: presence never gets in
// the way of the page (the server marks a silent user offline after 90 s anyway).
import type { PresenceDevice } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';

async function post(path: string, device: PresenceDevice, keepalive = false): Promise<void> {
  try {
    await api<void>(path, { method: 'POST', json: device, keepalive });
  } catch (error) {
    console.warn(`Presence call ${path} failed`, error);
  }
}

export const registerPresence = (device: PresenceDevice) => post('/api/presence/register', device);
export const sendHeartbeat = (device: PresenceDevice) => post('/api/presence/heartbeat', device);

// keepalive lets the request outlive the page (unmount, sign-out right after).
export const sendOffline = (device: PresenceDevice) =>
  post('/api/presence/offline', { ...device, onlineStatus: 'offline' }, true);

// On pagehide only a beacon is sure to leave. A string body goes as text/plain (a beacon may not set a JSON
// content type without a preflight); the server reads it as JSON.
export function beaconOffline(device: PresenceDevice): void {
  const body = JSON.stringify({ ...device, onlineStatus: 'offline' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon('/api/presence/offline', body))
    return;
  void sendOffline(device);
}
