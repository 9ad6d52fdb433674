import { apiErrorSchema } from '@nocturna/shared';

// Declares the error shape for the listed statuses so they appear in the OpenAPI document.
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema])) as Record<
    number,
    typeof apiErrorSchema
  >;
}
