// Which failures the API answers with 503 + Retry-After ("the database is not there right now") rather than 500.
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a database that went away, mid-statement or after', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client was closed and is not queryable'),
      new Error('the database system is shutting down'),
      new Error('the database system is starting up'),
      new Error('wrapped', { cause: withCode('ECONNRESET') }),
      new AggregateError([withCode('ECONNREFUSED')]),
      Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 }),
      // better-auth's getSession when its database is away.
      Object.assign(new Error('Failed to get session'), {
        status: 'INTERNAL_SERVER_ERROR',
        body: { code: 'FAILED_TO_GET_SESSION', message: 'Failed to get session' },
      }),
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it('leaves real faults of the request to their own answer', () => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42P01', 'relation "x" does not exist'),
      new Error('Cannot read properties of undefined'),
      Object.assign(new Error('UNIQUE constraint failed'), { code: 'ERR_SQLITE_ERROR', errcode: 2067 }),
      null,
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});
