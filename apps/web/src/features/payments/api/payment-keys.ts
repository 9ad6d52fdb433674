// Every payments query key starts with ['payments']; a person's orders are keyed by their id.
export const paymentKeys = {
  all: ['payments'] as const,
  config: () => ['payments', 'config'] as const,
  quote: (ticketTypeId: string, quantity: number) => ['payments', 'quote', ticketTypeId, quantity] as const,
  offerQuote: (entryId: string) => ['payments', 'offer-quote', entryId] as const,
  orders: (userId: string) => ['payments', 'orders', userId] as const,
  order: (userId: string, orderId: string) => ['payments', 'order', userId, orderId] as const,
  billing: (clubId: string) => ['payments', 'billing', clubId] as const,
  eventOrders: (eventId: string) => ['payments', 'event-orders', eventId] as const,
};
