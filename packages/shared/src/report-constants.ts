// Report reasons, statuses and the note's length, without zod: the report dialog is on a visitor's profile page,
// whose first load should not carry zod.
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'sexual',
  'scam',
  'impersonation',
  'underage',
  'other',
] as const;

export const REPORT_NOTE_MAX_LENGTH = 1000;
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
