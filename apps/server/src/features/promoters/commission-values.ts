// A commission and an amount of money as the API shows them, and the refusal of a fixed commission above a price.
import type { Commission } from '@nocturna/shared';
import { AppError } from '../../http/errors.ts';

export const eur = (cents: number) => ({ cents, currency: 'EUR' as const });
export const toCommission = (kind: string, value: number): Commission => ({
  kind: kind === 'percent' ? 'percent' : 'fixed',
  value: Number(value),
});

export const euros = (cents: number) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(cents / 100);

// A fixed commission is paid per ticket: above the ticket's price, the club would pay the promoter more than the
// sale brought in. Refused when it is set (the earned amount is capped at the ticket's price as well, repository.ts).
export const aboveFaceValue = (field: string, message: string) =>
  new AppError(400, 'COMMISSION_ABOVE_PRICE', message, { field });
