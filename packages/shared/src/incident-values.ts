// The kinds of incident the door can log, without zod (the web takes values from here).
export const INCIDENT_TYPES = [
  'fight',
  'theft',
  'harassment',
  'medical',
  'drugs',
  'damage',
  'other',
] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];
