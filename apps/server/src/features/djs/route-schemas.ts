// The OpenAPI tag every DJ route is listed under.
export const tags = ['djs'];
