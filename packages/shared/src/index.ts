export * from './constants.ts';
export * from './catalogue.ts';
export * from './errors.ts';
export * from './text.ts';
export * from './madrid-time.ts';
export * from './auth.ts';
export * from './notifications.ts';
export * from './ticket-token.ts';
