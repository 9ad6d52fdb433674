// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { safeFrom } from './safe-from.ts';

describe('safeFrom', () => {
  it('follows a path inside the app', () => {
    expect(safeFrom('/mensajes?x=1')).toBe('/mensajes?x=1');
  });
  it('refuses other sites and odd values', () => {
    for (const value of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'mensajes',
      '',
      null,
      undefined,
    ]) {
      expect(safeFrom(value, '/fallback')).toBe('/fallback');
    }
  });
});
