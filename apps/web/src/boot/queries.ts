// The second boot stage (main.tsx): the query cache, filled with what the server rendered the page from.
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';

export const hydrateQueries = (state: DehydratedState) => hydrate(queryClient, state);
