// Reports: anyone signed in reports a user or a message; admins work the queue oldest first.
import { z } from 'zod';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, REPORT_STATUSES } from './report-constants.ts';

export { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, REPORT_STATUSES };
export const reportReasonSchema = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof reportReasonSchema>;

export const reportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

export const reportTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.string().min(1).max(100) }),
  z.object({ kind: z.literal('message'), messageId: z.string().min(1).max(100) }),
]);
export type ReportTarget = z.infer<typeof reportTargetSchema>;

const noteSchema = z
  .string()
  .trim()
  .max(REPORT_NOTE_MAX_LENGTH, `La nota no puede pasar de ${REPORT_NOTE_MAX_LENGTH} caracteres.`)
  // eslint-disable-next-line no-control-regex -- NUL is exactly what it refuses
  .regex(/^[^\u0000]*$/, 'La nota contiene caracteres no válidos.');

export const createReportSchema = z.object({
  target: reportTargetSchema,
  reason: reportReasonSchema,
  note: noteSchema.optional(),
});
export type CreateReport = z.infer<typeof createReportSchema>;

// What the person who reported gets back.
export const reportReceiptSchema = z.object({
  id: z.string(),
  status: reportStatusSchema,
  createdAt: z.string(),
});

const reportPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
});

// What an admin sees in the queue: who reported whom, and the reported message as it was when reported.
export const adminReportSchema = z.object({
  id: z.string(),
  kind: z.enum(['user', 'message']),
  reason: reportReasonSchema,
  note: z.string().nullable(),
  status: reportStatusSchema,
  createdAt: z.string(),
  reporter: reportPersonSchema,
  reported: reportPersonSchema,
  message: z.object({ id: z.string(), body: z.string(), createdAt: z.string() }).nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: reportPersonSchema.nullable(),
  resolutionNote: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportListQuery = z.object({
  status: reportStatusSchema.default('open'),
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminReportPage = z.object({
  items: z.array(adminReportSchema),
  nextCursor: z.string().nullable(),
  openCount: z.number().int().min(0),
});
export type AdminReportPage = z.infer<typeof adminReportPage>;

export const resolveReportSchema = z.object({
  outcome: z.enum(['resolved', 'dismissed']),
  note: noteSchema.optional(),
});
export type ResolveReport = z.infer<typeof resolveReportSchema>;
