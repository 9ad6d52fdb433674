// The door's own calls: scan, the offline pack and its sync. Plain functions: the door page decides when to
// call them and what to do when the network is not there.
import type {
  DoorPack,
  ExitRequest,
  ExitResult,
  RefuseRequest,
  RefuseResult,
  ScanRequest,
  ScanResult,
  SyncRequest,
  SyncResult,
} from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';

const eventPath = (eventId: string) => `/api/door/events/${encodeURIComponent(eventId)}`;

export const postScan = (eventId: string, body: ScanRequest, signal?: AbortSignal) =>
  api<ScanResult>(`${eventPath(eventId)}/scans`, { method: 'POST', json: body, signal });

export const getPack = (eventId: string) =>
  api<DoorPack>(`${eventPath(eventId)}/pack`, { cache: 'no-store' });

export const postSync = (eventId: string, body: SyncRequest) =>
  api<SyncResult>(`${eventPath(eventId)}/sync`, { method: 'POST', json: body });

// A fetch that never reached the server (no signal, DNS, timeout) rather than an answer from it.
export const isNetworkFailure = (error: unknown) =>
  error instanceof TypeError ||
  (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError'));

export const postRefusal = (eventId: string, body: RefuseRequest, signal?: AbortSignal) =>
  api<RefuseResult>(`${eventPath(eventId)}/refusals`, { method: 'POST', json: body, signal });

export const postExit = (eventId: string, body: ExitRequest, signal?: AbortSignal) =>
  api<ExitResult>(`${eventPath(eventId)}/exits`, { method: 'POST', json: body, signal });
