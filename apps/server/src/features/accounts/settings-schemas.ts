// What the account settings routes share in their schemas: the OpenAPI tag, the error answers and the id parameter.
import { z } from 'zod';
import { apiErrorSchema } from '@nocturna/shared';

export const tags = ['cuentas'];
export const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
};
export const idParams = z.object({ id: z.string().min(1).max(100) });
