// Who is typing in which conversation, from the socket's conversation:typing events. Ephemeral: an entry
// disappears TYPING_TIMEOUT_MS after the last signal, on "stopped", or when their message arrives.
import { useSyncExternalStore } from 'react';
import { TYPING_TIMEOUT_MS } from '@nocturna/shared/messages';

const typing = new Map<string, { userId: string; timer: ReturnType<typeof setTimeout> }>();
const listeners = new Set<() => void>();
let version = 0;

const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};

export function setTyping(conversationId: string, userId: string, isTyping: boolean): void {
  const current = typing.get(conversationId);
  if (current) clearTimeout(current.timer);
  if (!isTyping) {
    if (current && typing.delete(conversationId)) changed();
    return;
  }
  const timer = setTimeout(() => setTyping(conversationId, userId, false), TYPING_TIMEOUT_MS);
  typing.set(conversationId, { userId, timer });
  if (!current) changed();
}

export function clearTyping(conversationId: string, userId: string): void {
  if (typing.get(conversationId)?.userId === userId) setTyping(conversationId, userId, false);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// The id of the person typing in this conversation, or null.
export function useTypingIn(conversationId: string | undefined): string | null {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return conversationId ? (typing.get(conversationId)?.userId ?? null) : null;
}
