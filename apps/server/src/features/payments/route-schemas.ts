// What the payment routes share in their schemas: the OpenAPI tag.
export const tags = ['pagos'];
