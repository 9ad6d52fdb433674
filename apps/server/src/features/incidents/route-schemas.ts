// What the incident and ban routes share in their schemas: the error answers, the id shape and the OpenAPI tag.
import { z } from 'zod';
import { apiErrorSchema } from '@nocturna/shared';

export const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
export const id = z.string().min(1).max(200);
export const tags = ['incidentes'];
