// @vitest-environment node
// Why a page could not be drawn: offline, a deploy's replaced code, or a real error ("Unexpected Application Error!").
import { describe, expect, it } from 'vitest';
import { failedModuleUrl, OfflinePageError, pageFailure } from './page-failure.ts';

const chunk = new TypeError(
  'Failed to fetch dynamically imported module: http://localhost:3000/assets/auth-gate-AbC123xy.js',
);

describe('page failures', () => {
  it('reads any failed fetch (code or data) without signal as offline', () => {
    expect(pageFailure(chunk, false)).toBe('offline');
    expect(pageFailure(new TypeError('Failed to fetch'), false)).toBe('offline');
    expect(pageFailure(new OfflinePageError(), true)).toBe('offline');
  });

  it('asks the server about a module that failed online, and names that module', () => {
    expect(pageFailure(chunk, true)).toBe('ask-server');
    expect(failedModuleUrl(chunk)).toBe('http://localhost:3000/assets/auth-gate-AbC123xy.js');
  });

  it('leaves real errors to the error screen, online or not', () => {
    expect(pageFailure(new Error('Cannot read properties of undefined'), true)).toBe('error');
    expect(pageFailure(new Error('Cannot read properties of undefined'), false)).toBe('error');
    expect(pageFailure(new TypeError('x is not a function'), true)).toBe('error');
    expect(pageFailure(new TypeError('x is not a function'), false)).toBe('error');
  });
});
