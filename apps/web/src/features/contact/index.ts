// The contact feature's public surface: the admin dashboard shows the inbox.
export { ContactInbox } from './components/contact-inbox.tsx';
