// Every messages query key starts with ['messages', kind, userId]: a reconnect refreshes them all at once,
// and one person's cached conversations never serve the next person who signs in on the tab.
export const messageKeys = {
  all: ['messages'] as const,
  conversations: (me: string) => ['messages', 'conversations', me] as const,
  // The conversation opened from /mensajes/<userId> (get-or-create), keyed by the other person.
  withUserAll: (me: string) => ['messages', 'with', me] as const,
  withUser: (me: string, userId: string) => ['messages', 'with', me, userId] as const,
  thread: (me: string, conversationId: string) => ['messages', 'thread', me, conversationId] as const,
  unread: (me: string) => ['messages', 'unread', me] as const,
};
