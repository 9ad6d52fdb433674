// What other features may ask of connections: a person's list of connections. How two people stand to each other
// (connected, blocked) is relations'.
export { listConnections } from './service.ts';
