// The club's cancellation rule as people read it: one line in the get-ticket dialog before buying, and on the
// ticket near its cancel button.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Ticket } from '@nocturna/shared';
import { CancelRuleLine, TicketCancelNote } from './cancel-rule-line.tsx';

const line = () => screen.getByTestId('cancel-rule').textContent.replace(/\u00a0/g, ' ');

describe('CancelRuleLine (the get-ticket dialog)', () => {
  it('says never, until the start, or until N hours before', () => {
    const { unmount } = render(<CancelRuleLine rule={{ mode: 'never', hours: null }} />);
    expect(line()).toBe('Este club no admite cancelaciones.');
    unmount();
    const second = render(<CancelRuleLine rule={{ mode: 'until_start', hours: null }} />);
    expect(line()).toBe('Puedes cancelar tu entrada hasta que empiece el evento.');
    second.unmount();
    render(<CancelRuleLine rule={{ mode: 'hours_before', hours: 24 }} />);
    expect(line()).toBe('Puedes cancelar tu entrada hasta 24 horas antes del inicio.');
  });
});

const ticket = (overrides: Partial<Ticket>): Ticket => ({
  id: 't1',
  status: 'valid',
  type: 'General',
  ticketTypeId: 'tt1',
  price: { cents: 1500, currency: 'EUR' },
  paymentStatus: 'paid',
  holderName: 'Ana',
  token: 'qr',
  tokenIssuedAt: null,
  entryUntil: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  checkInAt: null,
  cancelledAt: null,
  transferredTo: null,
  transferredFrom: null,
  event: {
    id: 'e1',
    slug: 'noche',
    name: 'Noche',
    startAt: '2026-11-21T23:00:00.000Z',
    endAt: '2026-11-22T05:00:00.000Z',
    coverURL: '',
  },
  club: {
    id: 'c1',
    slug: 'sala',
    name: 'Sala',
    barrio: 'Malasaña',
    address: 'Calle del Pez 10',
    latitude: 40.4,
    longitude: -3.7,
  },
  canCancel: true,
  canTransfer: true,
  forResale: false,
  canResell: true,
  cancelRule: { mode: 'hours_before', hours: 24 },
  cancellableUntil: '2026-11-20T23:00:00.000Z',
  ...overrides,
});

describe('TicketCancelNote (the ticket)', () => {
  it('gives the last moment in Madrid time, says when it has passed, and says when the club allows none', () => {
    const { unmount } = render(<TicketCancelNote ticket={ticket({})} />);
    // 23:00 UTC on the 20th is midnight on the 21st in Madrid.
    expect(line()).toBe('Puedes cancelarla hasta el sábado, 21 de noviembre a las 00:00.');
    unmount();
    const passed = render(<TicketCancelNote ticket={ticket({ canCancel: false })} />);
    expect(line()).toBe('El plazo para cancelarla terminó el sábado, 21 de noviembre a las 00:00.');
    passed.unmount();
    const never = render(
      <TicketCancelNote
        ticket={ticket({
          canCancel: false,
          cancellableUntil: null,
          cancelRule: { mode: 'never', hours: null },
        })}
      />,
    );
    expect(line()).toBe('Este club no admite cancelaciones, pero puedes ponerla en reventa.');
    never.unmount();
    const used = render(<TicketCancelNote ticket={ticket({ status: 'used', canCancel: false })} />);
    expect(used.queryByTestId('cancel-rule')).toBeNull();
    used.unmount();
    // A ticket cached offline by an older version (no rule in it) still opens, without the line.
    const { cancelRule: _rule, cancellableUntil: _until, ...cached } = ticket({});
    const old = render(<TicketCancelNote ticket={cached as Ticket} />);
    expect(old.queryByTestId('cancel-rule')).toBeNull();
  });
});
