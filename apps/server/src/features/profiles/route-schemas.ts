// What the profile routes share in their schemas: the error answers and the OpenAPI tag.
import { apiErrorSchema } from '@nocturna/shared';

export const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
export const tags = ['perfiles'];
