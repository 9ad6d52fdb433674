// "Novedades" query keys, per viewer: marking all as read invalidates both at once.
export const whatsNewKeys = {
  all: ['whats-new'] as const,
  feed: (viewerId: string | null) => ['whats-new', 'feed', viewerId ?? ''] as const,
  unread: (viewerId: string) => ['whats-new', 'unread', viewerId] as const,
};
