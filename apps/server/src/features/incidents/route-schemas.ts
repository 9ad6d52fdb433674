// What the incident and ban routes share in their schemas: the error answers, the id shape and the OpenAPI tag.
import { z } from 'zod';
import { errorResponses } from '../../http/openapi.ts';

export const errors = errorResponses(400, 401, 403, 404, 409);
export const id = z.string().min(1).max(200);
export const tags = ['incidentes'];
