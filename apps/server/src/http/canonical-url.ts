// One spelling of every request path, computed once before routing (Fastify's rewriteUrl), so that routing, the
// rate limits, the Origin check and better-auth all see the same path. Without it `/api/auth/./sign-in/email`,
// `/api/auth/x/../sign-in/email`, `/api/auth/%2e/sign-in/email` or `/%61pi/me/profile` reach the same handler
// while a guard that compares the raw URL to `/api/auth/sign-in/email` or `/api/` does not recognise them.
//
// What is folded (RFC 3986 §6.2.2): percent-encoded unreserved characters (letters, digits, `-`, `.`, `_`, `~`)
// are decoded, the hex digits of every other escape are upper-cased, runs of slashes become one, and the dot
// segments `.` and `..` are resolved (never above the root). The query string is kept as it came. Case is
// kept too (routing is case-sensitive); the guards that look a path up lower-case it themselves.

const UNRESERVED = /[A-Za-z0-9\-._~]/;

function foldEscapes(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

function resolveDots(path: string): string {
  const out: string[] = [];
  const segments = path.split('/').slice(1);
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..' && out.length > 0) out.pop();
      // `/a/b/..` names the folder `/a/`: the trailing slash stays.
      if (last) out.push('');
      return;
    }
    out.push(segment);
  });
  return `/${out.join('/')}`;
}

// The canonical form of a request target. A target that is not a path (`*`, an absolute URL) is returned as it
// came: no route matches it, and no guard is asked about it.
export function canonicalUrl(url: string): string {
  if (!url.startsWith('/')) return url;
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const path = resolveDots(foldEscapes(rawPath).replace(/\/{2,}/g, '/'));
  return path + query;
}

// The path part of a canonical URL, lower-cased and without a trailing slash: the key guards look paths up by.
export function guardPath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.toLowerCase();
}
