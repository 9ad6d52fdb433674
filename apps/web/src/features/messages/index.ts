// The unread messages count the shell's menu shows, kept live over the socket.
export { useLiveMessagesUnread } from './messages-live.ts';
