// Every door query key starts with ['door', kind, userId]: one person's door data never serves the next
// person who signs in on the same phone.
export const doorKeys = {
  all: ['door'] as const,
  access: (userId: string) => ['door', 'access', userId] as const,
  events: (userId: string) => ['door', 'events', userId] as const,
  search: (userId: string, eventId: string, q: string) => ['door', 'search', userId, eventId, q] as const,
  conflicts: (userId: string, eventId: string) => ['door', 'conflicts', userId, eventId] as const,
  staff: (userId: string, clubId: string) => ['door', 'staff', userId, clubId] as const,
  owners: (userId: string) => ['door', 'owners', userId] as const,
};
