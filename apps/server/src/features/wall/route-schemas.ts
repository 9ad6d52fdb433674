// What the wall's routes share in their schemas: the error answers, the OpenAPI tag and the path parameters.
import { z } from 'zod';
import { apiErrorSchema } from '@nocturna/shared';

export const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
export const tags = ['muro'];
export const eventParams = z.object({ eventId: z.string().min(1).max(200) });
export const snapshotParams = z.object({ snapshotId: z.string().min(1).max(100) });
