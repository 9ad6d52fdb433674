// GET /api/events/:idOrSlug/going: how many of my connections are going, and the first faces (signed in only).
import { useQuery } from '@tanstack/react-query';
import type { EventConnectionsGoing } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';

export const useEventGoing = (eventId: string, userId: string | null) =>
  useQuery({
    queryKey: ['events', 'going', eventId, userId] as const,
    queryFn: ({ signal }) =>
      api<EventConnectionsGoing>(`/api/events/${encodeURIComponent(eventId)}/going`, { signal }),
    enabled: userId !== null,
  });
