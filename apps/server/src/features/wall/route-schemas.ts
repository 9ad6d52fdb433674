// What the wall's routes share in their schemas: the error answers, the OpenAPI tag and the path parameters.
import { z } from 'zod';
import { errorResponses } from '../../http/openapi.ts';

export const errors = errorResponses(400, 401, 403, 404, 409);
export const tags = ['muro'];
export const eventParams = z.object({ eventId: z.string().min(1).max(200) });
export const snapshotParams = z.object({ snapshotId: z.string().min(1).max(100) });
