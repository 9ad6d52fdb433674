// Whether the tab's socket is connected (and so pushes reach this page), read again on every connect: a page
// waiting for a push can say so, and the journeys wait for it before making the server push.
import { useSyncExternalStore } from 'react';
import { isSocketOpen, onSocketConnect } from './socket.ts';

export const useSocketConnected = (): boolean =>
  useSyncExternalStore(onSocketConnect, isSocketOpen, () => false);
