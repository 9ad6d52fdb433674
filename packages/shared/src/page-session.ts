// The signed-in person a page's HTML was made for. The server writes it into every page it serves
// (window[PAGE_SESSION_GLOBAL]; null for a visitor), so the browser knows who is signed in without asking
// /api/auth/get-session, and without loading better-auth's client, before the page can answer a tap.
// Never the session's token: the cookie that carries it stays out of reach of the page's scripts.
export const PAGE_SESSION_GLOBAL = '__NOCTURNA_SESSION__';

export type PageSessionUser = {
  id: string;
  email: string;
  name: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  image: string | null;
};

export type PageSession = { user: PageSessionUser; expiresAt: string } | null;
