import { z } from 'zod';
import { errorCodeSchema } from './error-codes.ts';

// Every error the API returns has this shape; its code is one of the catalogue's (error-codes.ts).
export const apiErrorSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    field: z.string().optional(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
