// Every auth query key starts with ['auth']: signing out drops them all at once.
export const authKeys = {
  all: ['auth'] as const,
  myRoles: (userId: string) => ['auth', 'my-roles', userId] as const,
  hasRole: (userId: string, role: string) => ['auth', 'has-role', userId, role] as const,
  me: (userId: string) => ['auth', 'me', userId] as const,
};
