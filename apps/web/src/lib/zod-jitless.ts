// zod compiles object schemas with `new Function` when it may; our Content-Security-Policy forbids eval, and
// the probe alone is reported as a violation. Imported first by main.tsx, before any schema is built.
import { config } from 'zod/v4/core';

config({ jitless: true });
