// What other features use of messages: the message a report is about, and a person's unread count.
export { messageForReport, unreadTotal } from './service.ts';
