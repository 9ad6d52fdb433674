// What the account settings routes share in their schemas: the OpenAPI tag, the error answers and the id parameter.
import { z } from 'zod';
import { errorResponses } from '../../http/openapi.ts';

export const tags = ['cuentas'];
export const errors = errorResponses(400, 401, 404, 409, 410);
export const idParams = z.object({ id: z.string().min(1).max(100) });
