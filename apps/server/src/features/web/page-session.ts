// The session written into a page's HTML (@nocturna/shared page-session.ts): what /api/auth/get-session would
// answer the same browser, cut to what the app shows. A visitor's request (no session cookie) costs nothing;
// a session due for its daily extension is extended here, and its new cookie goes out with the page.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_SESSION_GLOBAL, type PageSession } from '@nocturna/shared';
import { betterAuthSession } from '../../auth/guards.ts';
import { readSessionFast } from '../../auth/session-reader.ts';

type SessionUserFields = {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
};

export async function pageSession(request: FastifyRequest, reply: FastifyReply): Promise<PageSession> {
  if ((await readSessionFast(request.server, request.headers.cookie)) === null) return null;
  const response = await betterAuthSession(request, reply);
  if (!response) return null;
  const user = response.user as SessionUserFields;
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      username: user.username ?? null,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      image: user.image ?? null,
    },
    expiresAt: new Date(response.session.expiresAt).toISOString(),
  };
}

// JSON inside a <script>: nothing in it may close the tag or end the line.
export const pageSessionScript = (session: PageSession, nonce: string): string =>
  `<script nonce="${nonce}">window.${PAGE_SESSION_GLOBAL}=${JSON.stringify(session)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}</script>`;
