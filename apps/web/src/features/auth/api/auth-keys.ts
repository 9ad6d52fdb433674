// Every auth query key is ['auth', kind, userId, ...]: signing out drops them all at once, and a change of
// user drops the previous user's answers by the third element.
export const authKeys = {
  all: ['auth'] as const,
  myRoles: (userId: string) => ['auth', 'my-roles', userId] as const,
  hasRole: (userId: string, role: string) => ['auth', 'has-role', userId, role] as const,
  me: (userId: string) => ['auth', 'me', userId] as const,
};
