// @vitest-environment node
// The choice kept in the event page's address while signing in: only a real type, a quantity an order may have
// and a code of the codes' shape are taken back from it.
import { describe, expect, it } from 'vitest';
import { MAX_TICKETS_PER_ORDER } from '@nocturna/shared/constants';
import { readChoice } from './pending-choice.ts';

describe('readChoice', () => {
  it('takes the type, the quantity and the code', () => {
    expect(readChoice('?entrada=t1&cantidad=3&codigo=vip-2026')).toEqual({
      typeId: 't1',
      quantity: 3,
      code: 'VIP-2026',
    });
    expect(readChoice('?entrada=t1')).toEqual({ typeId: 't1', quantity: 1, code: '' });
  });

  it('ignores an address without a choice or with a quantity no order may have', () => {
    expect(readChoice('')).toBeNull();
    expect(readChoice('?cantidad=2')).toBeNull();
    for (const quantity of ['0', '-1', '1.5', 'dos', String(MAX_TICKETS_PER_ORDER + 1)])
      expect(readChoice(`?entrada=t1&cantidad=${quantity}`)).toBeNull();
  });

  it('drops a code that is not one', () => {
    expect(readChoice('?entrada=t1&cantidad=2&codigo=<script>')?.code).toBe('');
    expect(readChoice('?entrada=t1&cantidad=2&codigo=ab')?.code).toBe('');
  });
});
