// What went wrong with a question or a reservation, in the page's language: the server's error codes map to
// the assistant catalogue's keys (its own messages are Spanish only); anything unknown is the generic failure.
import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../lib/api-client.ts';
import { AssistantSendError } from './api/stream-message.ts';

export type AssistantError = { code: string; retryAfterSeconds?: number };

const KEYS: Record<string, string> = {
  ASSISTANT_RATE_LIMITED: 'errors.rateLimited',
  RATE_LIMITED: 'errors.rateLimited',
  ASSISTANT_FAILED: 'errors.failed',
  CONVERSATION_NOT_FOUND: 'errors.conversationMissing',
  MESSAGE_NOT_FOUND: 'errors.proposalMissing',
  PROPOSAL_NOT_FOUND: 'errors.proposalMissing',
  PROPOSAL_SETTLED: 'errors.proposalSettled',
  PROPOSAL_TICKET_MISMATCH: 'errors.ticketMismatch',
  TICKET_NOT_FOUND: 'errors.ticketMismatch',
  TICKETS_SOLD_OUT: 'errors.soldOut',
  TICKET_LIMIT_REACHED: 'errors.limit',
  TICKET_SALES_CLOSED: 'errors.notOnSale',
  TICKET_SALES_NOT_STARTED: 'errors.notOnSale',
  TICKET_SALES_PAUSED: 'errors.notOnSale',
  TICKET_TYPE_NOT_FOUND: 'errors.proposalMissing',
  EVENT_NOT_FOUND: 'errors.proposalMissing',
  PAYMENT_UNAVAILABLE: 'errors.payment',
  UNAUTHORIZED: 'errors.signedOut',
};

export function toAssistantError(error: unknown): AssistantError {
  if (error instanceof ApiRequestError) {
    const code =
      error.status === 429 ? 'ASSISTANT_RATE_LIMITED' : error.status === 401 ? 'UNAUTHORIZED' : error.code;
    return {
      code,
      retryAfterSeconds: error instanceof AssistantSendError ? error.retryAfterSeconds : undefined,
    };
  }
  return { code: 'ASSISTANT_FAILED' };
}

export function assistantErrorText(t: TFunction<'assistant'>, error: AssistantError): string {
  const key = KEYS[error.code] ?? 'errors.failed';
  if (key === 'errors.rateLimited' && error.retryAfterSeconds)
    return t('errors.rateLimitedFor', { count: Math.ceil(error.retryAfterSeconds / 60) });
  return t(key);
}
