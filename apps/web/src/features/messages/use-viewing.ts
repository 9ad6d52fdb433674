// Tells the server which conversation this tab shows while the page is visible (so no notification is raised
// for what the person is reading), and nothing while the tab is hidden or the thread closed. Repeated after
// every reconnect, since a new socket starts out looking at nothing.
import { useEffect, useState } from 'react';
import { MESSAGE_CLIENT_EVENTS } from '@nocturna/shared/messages';
import { emitSocketEvent, onSocketConnect } from '../../lib/socket.ts';

export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(
    () => typeof document === 'undefined' || document.visibilityState === 'visible',
  );
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, [setVisible]);
  return visible;
}

export function useReportViewing(conversationId: string | undefined, visible: boolean): void {
  useEffect(() => {
    if (!conversationId || !visible) return;
    const tell = () => emitSocketEvent(MESSAGE_CLIENT_EVENTS.viewing, { conversationId });
    tell();
    const unsubscribe = onSocketConnect(tell);
    return () => {
      unsubscribe();
      emitSocketEvent(MESSAGE_CLIENT_EVENTS.viewing, { conversationId: null });
    };
  }, [conversationId, visible]);
}
