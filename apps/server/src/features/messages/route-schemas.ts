// What the message routes share in their schemas: the error answers, the OpenAPI tag and the conversation id.
import { z } from 'zod';
import { apiErrorSchema } from '@nocturna/shared';

export const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
export const tags = ['mensajes'];
export const idParams = z.object({ id: z.string().min(1).max(100) });
