// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buttonsFor, needsConfirmation } from './connection-actions.ts';

describe('connection buttons', () => {
  it('offers what fits where two people stand', () => {
    expect(buttonsFor('none')).toEqual({ primary: 'request', secondary: null, status: null });
    expect(buttonsFor('incoming')).toEqual({ primary: 'accept', secondary: 'decline', status: null });
    expect(buttonsFor('outgoing')).toEqual({ primary: null, secondary: 'cancel', status: 'requested' });
    expect(buttonsFor('connected')).toEqual({ primary: null, secondary: 'remove', status: 'connected' });
    expect(buttonsFor('self')).toEqual({ primary: null, secondary: null, status: null });
  });

  it('asks before removing or blocking, not before the rest', () => {
    expect(needsConfirmation('remove')).toBe(true);
    expect(needsConfirmation('block')).toBe(true);
    expect(needsConfirmation('request')).toBe(false);
    expect(needsConfirmation('decline')).toBe(false);
  });
});
