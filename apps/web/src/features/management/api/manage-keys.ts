// Query keys of the management area. Every write invalidates `all` and the public catalogue, so a change shows
// at once on /eventos, /discotecas and the event's own page.
export const manageKeys = {
  all: ['manage'] as const,
  clubs: ['manage', 'clubs'] as const,
  club: (id: string) => ['manage', 'club', id] as const,
  events: (clubId: string | undefined, when: string) => ['manage', 'events', clubId ?? 'all', when] as const,
  event: (id: string) => ['manage', 'event', id] as const,
  audit: (filters: object) => ['manage', 'audit', filters] as const,
  djs: (q: string) => ['manage', 'djs', q] as const,
  ceo: ['manage', 'ceo-dashboard'] as const,
  overview: ['manage', 'admin-overview'] as const,
};
