// The live wall's loader asks for the photos only when the wall says the viewer may see them: asked of someone
// without a ticket for an attendees-only wall they are a 403, which the browser logs as a console error.
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiTransport } from './lib/api-client.ts';
import { wallLoader } from './public-loaders.ts';

const asked: string[] = [];
function answerWall(canView: boolean) {
  asked.length = 0;
  setApiTransport(async (path) => {
    asked.push(path);
    const body = path.includes('/snapshots')
      ? canView
        ? { items: [], nextCursor: null }
        : { error: { code: 'WALL_ATTENDEES_ONLY', message: 'Solo quienes tienen entrada.' } }
      : { event: { id: 'ev-1' }, viewer: { canView } };
    return new Response(JSON.stringify(body), {
      status: path.includes('/snapshots') && !canView ? 403 : 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

async function load() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  void wallLoader({ context: { queryClient }, params: { eventId: 'ev-1' } } as unknown as LoaderFunctionArgs);
  // The loader does not wait in the browser: wait until the client has nothing in flight (the photos, when asked
  // for, start in the same turn as the wall's answer arrives, before the next look).
  await expect.poll(() => queryClient.isFetching()).toBe(0);
}

afterEach(() => setApiTransport((path, init) => fetch(path, init)));

describe('the live wall loader', () => {
  it('does not ask for the photos of a wall the viewer may not see', async () => {
    answerWall(false);
    await load();
    expect(asked).toEqual(['/api/wall/events/ev-1']);
  });

  it('asks for the photos when the viewer may see them', async () => {
    answerWall(true);
    await load();
    await expect
      .poll(() => asked)
      .toEqual(['/api/wall/events/ev-1', '/api/wall/events/ev-1/snapshots?limit=12']);
  });
});
