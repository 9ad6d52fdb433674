// What every management route shares in its OpenAPI schema: the tag, the error answers, the club and event paths.
import { z } from 'zod';
import { errorResponses } from '../../http/openapi.ts';

export const errors = errorResponses(400, 401, 403, 404, 409);
export const tags = ['gestión'];
export const clubParams = z.object({ clubId: z.string().min(1).max(200) });
export const eventParams = z.object({ eventId: z.string().min(1).max(200) });
