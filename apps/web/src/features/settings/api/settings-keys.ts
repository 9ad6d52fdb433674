// Query keys of the settings page, in one place so mutations invalidate through them.
export const settingsKeys = {
  all: ['settings'] as const,
  account: () => [...settingsKeys.all, 'account'] as const,
  sessions: () => [...settingsKeys.all, 'sessions'] as const,
  exports: () => [...settingsKeys.all, 'exports'] as const,
  preferences: () => [...settingsKeys.all, 'preferences'] as const,
  push: () => [...settingsKeys.all, 'push'] as const,
};
