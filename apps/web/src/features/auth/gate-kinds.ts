// Which marketing screen a protected page shows to visitors.
export const GATE_KINDS = [
  'aiChat',
  'connections',
  'messages',
  'notifications',
  'profile',
  'settings',
  'tickets',
  'premium',
] as const;
export type GateKind = (typeof GATE_KINDS)[number];
