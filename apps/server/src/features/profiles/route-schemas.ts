// What the profile routes share in their schemas: the error answers and the OpenAPI tag.
import { errorResponses } from '../../http/openapi.ts';

export const errors = errorResponses(400, 401, 404, 409);
export const tags = ['perfiles'];
