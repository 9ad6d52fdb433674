// Web Push on this browser: whether it can, the subscription through the service worker, and the server's side.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-keys.ts';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export const pushQuery = () =>
  queryOptions({
    queryKey: settingsKeys.push(),
    queryFn: async (): Promise<PushState> => {
      if (!supported()) return 'unsupported';
      if (Notification.permission === 'denied') return 'denied';
      return (await currentSubscription()) ? 'on' : 'off';
    },
  });

export const usePushState = () => useQuery(pushQuery());

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function useTogglePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      if (!on) {
        const subscription = await currentSubscription();
        if (subscription) {
          await api('/api/push/subscriptions', {
            method: 'DELETE',
            json: { endpoint: subscription.endpoint },
          });
          await subscription.unsubscribe();
        }
        return;
      }
      if ((await Notification.requestPermission()) !== 'granted') throw new Error('denied');
      const registration = await navigator.serviceWorker.ready;
      const { publicKey } = await api<{ publicKey: string }>('/api/push/public-key');
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      await api('/api/push/subscriptions', { method: 'POST', json: subscription.toJSON() });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushQuery().queryKey }),
  });
}

export const useTestPush = () =>
  useMutation({ mutationFn: () => api<{ queued: number }>('/api/push/test', { method: 'POST' }) });
