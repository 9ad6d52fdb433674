// Names shared by the global setup, which makes the migrated template databases, and template-database.ts, which
// copies them (kept apart: a global setup may not import vitest's test-side API).

// The schema that holds the app's tables in the PostgreSQL template, and so in every copy of it.
export const TEMPLATE_SCHEMA = 'nocturna';

// The same server and credentials, another database.
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
