// What went wrong with a question or a reservation, in the page's language: the assistant's own words where they
// say more in a chat (the message limit in minutes, a proposal that is gone), the errors catalogue's for any other
// code (lib/error-text.ts); the server's own messages are Spanish only and never shown. Anything unknown is the
// generic failure.
import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { AssistantSendError } from './api/stream-message.ts';

export type AssistantError = { code: string; retryAfterSeconds?: number };

const OWN: Record<string, string> = {
  ASSISTANT_FAILED: 'errors.failed',
  CONVERSATION_NOT_FOUND: 'errors.conversationMissing',
  // A reservation the assistant proposed that can no longer be made: its message, the type or the event are gone.
  MESSAGE_NOT_FOUND: 'errors.proposalMissing',
  PROPOSAL_NOT_FOUND: 'errors.proposalMissing',
  TICKET_TYPE_NOT_FOUND: 'errors.proposalMissing',
  EVENT_NOT_FOUND: 'errors.proposalMissing',
  TICKET_NOT_FOUND: 'errors.ticketMismatch',
  UNAUTHORIZED: 'errors.signedOut',
};
const RATE_LIMITS = new Set(['ASSISTANT_RATE_LIMITED', 'RATE_LIMITED']);

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
  if (RATE_LIMITS.has(error.code))
    return error.retryAfterSeconds
      ? t('errors.rateLimitedFor', { count: Math.ceil(error.retryAfterSeconds / 60) })
      : t('errors.rateLimited');
  const own = OWN[error.code];
  if (own) return t(own);
  return errorText(t, error, t('errors.failed'));
}
