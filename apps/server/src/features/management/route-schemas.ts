// What every management route shares in its OpenAPI schema: the tag, the error answers, the club and event paths.
import { z } from 'zod';
import { apiErrorSchema } from '@nocturna/shared';

export const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
export const tags = ['gestión'];
export const clubParams = z.object({ clubId: z.string().min(1).max(200) });
export const eventParams = z.object({ eventId: z.string().min(1).max(200) });
