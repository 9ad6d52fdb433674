// The count of news not yet read, for the shell's menu.
export { useWhatsNewUnread } from './api/get-unread-count.ts';
