// Where a server-rendered page leaves the query cache it was drawn from, for the browser to start with.
export const QUERY_STATE_GLOBAL = '__NOCTURNA_QUERIES__';
