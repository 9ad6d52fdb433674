// The short memory of the database's "no places left": remembered only after a refusal, per quantity, briefly.
import { describe, expect, it } from 'vitest';
import { createSoldOutMemo } from './sold-out-memo.ts';

describe('sold-out memo', () => {
  it('refuses as many places or more than the database refused, for ttl only, and forgets on a cancellation', () => {
    let clock = 0;
    const memo = createSoldOutMemo(1000, () => clock);
    expect(memo.refuses('tt', 1)).toBe(false);
    memo.remember('tt', 3);
    expect(memo.refuses('tt', 2)).toBe(false);
    expect(memo.refuses('tt', 3)).toBe(true);
    expect(memo.refuses('tt', 4)).toBe(true);
    expect(memo.refuses('other', 5)).toBe(false);
    memo.remember('tt', 1);
    expect(memo.refuses('tt', 1)).toBe(true);
    clock = 1000;
    expect(memo.refuses('tt', 1)).toBe(false);
    memo.remember('tt', 1);
    memo.forget('tt');
    expect(memo.refuses('tt', 1)).toBe(false);
  });
});
