// What the message routes share in their schemas: the error answers, the OpenAPI tag and the conversation id.
import { z } from 'zod';
import { errorResponses } from '../../http/openapi.ts';

export const errors = errorResponses(400, 401, 403, 404, 409, 429);
export const tags = ['mensajes'];
export const idParams = z.object({ id: z.string().min(1).max(100) });
