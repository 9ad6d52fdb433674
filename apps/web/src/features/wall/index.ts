// What other features may use of the wall: the query options the server-rendered page's loader primes.
export { snapshotsQueryOptions, wallInfoQueryOptions } from './api/wall-queries.ts';
