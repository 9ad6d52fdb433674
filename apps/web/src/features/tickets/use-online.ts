// Whether the browser thinks it has a network: what to say when a ticket is shown from the saved copy.
export { useOnline } from '../../lib/use-online.ts';
