// Errors that mean "the database is not there right now" rather than "this request is wrong": PostgreSQL
// restarting or unreachable, a pool that cannot hand out a connection in time, SQLite locked past its timeout.
// The API answers them with 503 and a Retry-After, and the request changed nothing (its transaction rolled back).

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
// SQLSTATE class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300 (too
// many connections).
const PG_STATES = /^(08...|57P0[123]|53300)$/;
// pg's own words when its socket went away mid-statement, and for a client used again after that (a transaction's
// ROLLBACK after its COMMIT was cut off by a restart).
const PG_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Client was closed and is not queryable|terminating connection due to administrator command|the database system is (shutting down|starting up)/i;

type Failure = { code?: unknown; errcode?: unknown; message?: unknown; cause?: unknown; body?: unknown };

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, errcode, message, cause } = error as Failure;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_STATES.test(code))) return true;
  // node:sqlite: SQLITE_BUSY (5) once busy_timeout has passed.
  if (code === 'ERR_SQLITE_ERROR' && errcode === 5) return true;
  if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
  // better-auth's getSession catches its adapter's failure (the database away) and throws this instead, without
  // the cause: the session could not be read now, which is the same "come back in a moment".
  const body = (error as Failure).body as { code?: unknown } | undefined;
  if (body?.code === 'FAILED_TO_GET_SESSION') return true;
  if (error instanceof AggregateError) return error.errors.some((e) => isDatabaseUnavailable(e, depth + 1));
  return isDatabaseUnavailable(cause, depth + 1);
}

export const DATABASE_RETRY_AFTER_SECONDS = 2;
