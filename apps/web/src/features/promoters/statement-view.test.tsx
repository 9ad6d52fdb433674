import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Statement, StatementLine } from '@nocturna/shared';
import { StatementView } from './components/statement-view.tsx';

const line = (i: number): StatementLine => ({
  ticketId: `t${i}`,
  eventId: 'e1',
  eventName: 'Hits · Kápital',
  eventStartAt: '2026-11-27T23:00:00.000Z',
  holderName: `Persona ${i}`,
  type: 'General',
  channel: 'link',
  status: 'used',
  checkedInAt: '2026-11-27T23:30:00.000Z',
  priceCents: 1500,
  commissionCents: 200,
});

const statement = (lines: StatementLine[]): Statement => ({
  club: { id: 'c1', name: 'Kápital' },
  promoter: { id: 'p1', name: 'Raquel', code: 'RAQUEL' },
  scope: { kind: 'event', eventId: 'e1', eventName: 'Hits · Kápital', from: null, to: null },
  lines,
  totals: {
    tickets: lines.length,
    checkedIn: lines.length,
    commission: { cents: 200 * lines.length, currency: 'EUR' },
  },
  paid: null,
  adjustments: [],
  adjustmentsTotalCents: 0,
  payableCents: 200 * lines.length,
  payableLines: lines.length,
  coveredBy: [],
  events: [],
});

describe('StatementView', () => {
  it('lets the keyboard reach and scroll a long statement: its box is a labelled region in the tab order', () => {
    render(
      <StatementView
        statement={statement(Array.from({ length: 40 }, (_, i) => line(i)))}
        fileUrl={() => '#'}
      />,
    );
    const region = screen.getByRole('region', { name: 'Entradas de la liquidación' });
    expect(region.tabIndex).toBe(0);
    expect(region.querySelectorAll('tbody tr')).toHaveLength(40);
  });
});
