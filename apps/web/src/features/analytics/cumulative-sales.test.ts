// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cumulativeSales } from './cumulative-sales.ts';

const types = [
  { id: 'a', name: 'General', capacity: 100, sold: 4, revenueCents: 0, expectedAtDoorCents: 0, checkedIn: 0 },
  { id: 'b', name: 'VIP', capacity: 10, sold: 2, revenueCents: 0, expectedAtDoorCents: 0, checkedIn: 0 },
];

describe('cumulativeSales', () => {
  it('turns sales per day into running totals per type, days in order, types with no sale that day carried', () => {
    const rows = cumulativeSales(
      [
        { day: '2025-11-21', typeId: 'a', tickets: 1, revenueCents: 0 },
        { day: '2025-11-19', typeId: 'a', tickets: 3, revenueCents: 0 },
        { day: '2025-11-20', typeId: 'b', tickets: 2, revenueCents: 0 },
      ],
      types,
    );
    expect(rows).toEqual([
      { day: '2025-11-18', a: 0, b: 0 },
      { day: '2025-11-19', a: 3, b: 0 },
      { day: '2025-11-20', a: 3, b: 2 },
      { day: '2025-11-21', a: 4, b: 2 },
    ]);
  });
});

it('draws nothing when nothing was sold', () => {
  expect(cumulativeSales([], types)).toEqual([]);
});
