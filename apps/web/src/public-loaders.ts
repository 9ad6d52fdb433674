// The loaders of the server-rendered public pages: each asks for exactly the queries its page reads, with the
// same keys, so the HTML carries the data and the browser's first render finds it in the cache.
import type { LoaderFunctionArgs } from 'react-router';
import { preload } from './lib/route-data.ts';
import { ALL_CLUBS, HOME_ROW, TONIGHT, WEEKEND } from './features/home/home-queries.ts';
import { eventsQueryOptions } from './features/events/api/get-events.ts';
import { eventQueryOptions } from './features/events/api/get-event.ts';
import { eventFiltersToQuery, parseEventFilters } from './features/events/event-filters.ts';
import { clubsQueryOptions } from './features/clubs/api/get-clubs.ts';
import { clubQueryOptions } from './features/clubs/api/get-club.ts';
import { clubFiltersToQuery, parseClubFilters } from './features/clubs/club-filters.ts';
import { userProfileQueryOptions } from './features/profiles/api/get-user-profile.ts';
import { ticketTypesQueryOptions } from './features/tickets/api/get-ticket-types.ts';
import { paymentsConfigQuery } from './features/payments/api/get-payments-config.ts';
import { snapshotsQueryOptions, wallInfoQueryOptions } from './features/wall/api/wall-queries.ts';

const searchOf = (request: Request) => new URL(request.url).searchParams;

export const homeLoader = ({ context }: LoaderFunctionArgs) =>
  preload(context, (client) => [
    client.prefetchInfiniteQuery(eventsQueryOptions(TONIGHT, HOME_ROW)),
    client.prefetchInfiniteQuery(eventsQueryOptions(WEEKEND, HOME_ROW)),
    client.prefetchInfiniteQuery(clubsQueryOptions(ALL_CLUBS, HOME_ROW)),
  ]);

export const eventListLoader = ({ context, request }: LoaderFunctionArgs) =>
  preload(context, (client) => [
    client.prefetchInfiniteQuery(
      eventsQueryOptions(eventFiltersToQuery(parseEventFilters(searchOf(request)))),
    ),
  ]);

export const clubListLoader = ({ context, request }: LoaderFunctionArgs) =>
  preload(context, (client) => [
    client.prefetchInfiniteQuery(clubsQueryOptions(clubFiltersToQuery(parseClubFilters(searchOf(request))))),
  ]);

// The offers under the key of a visitor without a code: what the page shows before the session is known. And
// whether this server takes cards: the server draws the online lines' buy buttons with it, and the browser hydrates
// them from the same answer.
export const eventLoader = ({ context, params }: LoaderFunctionArgs) =>
  preload(context, (client) => [
    client
      .fetchQuery(eventQueryOptions(params.eventId ?? ''))
      .then((event) => client.prefetchQuery(ticketTypesQueryOptions(event.id, '', ''))),
    client.prefetchQuery(paymentsConfigQuery()),
  ]);

export const clubLoader = ({ context, params }: LoaderFunctionArgs) =>
  preload(context, (client) => [client.prefetchQuery(clubQueryOptions(params.clubId ?? ''))]);

// Drawn for the visitor the browser does not know yet (the session arrives after the first paint): the
// profile the server answers for this request's cookies, under the key of a viewer still being identified.
export const profileLoader = ({ context, params }: LoaderFunctionArgs) =>
  preload(context, (client) => [
    client.prefetchQuery(
      userProfileQueryOptions(
        '',
        params.username !== undefined ? { username: params.username } : { userId: params.userId ?? '' },
      ),
    ),
  ]);

// The live wall as the request's cookies see it (a public gallery for everyone, an attendees-only one for its
// holders), under the key of a viewer still being identified, like the profile. Its photos only when the wall
// says this viewer may see them: asked of someone without a ticket they are a 403, which a browser reports as a
// console error on every visit to an attendees-only wall.
export const wallLoader = ({ context, params }: LoaderFunctionArgs) =>
  preload(context, (client) => [
    client
      .fetchQuery(wallInfoQueryOptions('', params.eventId ?? ''))
      .then((info) =>
        info.viewer.canView
          ? client.prefetchInfiniteQuery(snapshotsQueryOptions('', params.eventId ?? ''))
          : undefined,
      ),
  ]);
