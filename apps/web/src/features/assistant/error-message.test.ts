// @vitest-environment node
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { AssistantSendError } from './api/stream-message.ts';
import { assistantErrorText, toAssistantError } from './error-message.ts';

describe('assistant error messages in the page language', () => {
  const en = i18n.getFixedT('en', 'assistant');
  const es = i18n.getFixedT('es', 'assistant');
  const spanishLimit = {
    code: 'ASSISTANT_RATE_LIMITED',
    message: 'Has enviado 30 mensajes en 10 minutos. Espera 4 minutos y vuelve a preguntar.',
  };

  it('says the message limit in English, with the wait from Retry-After, not the server’s Spanish', () => {
    const error = toAssistantError(new AssistantSendError(429, spanishLimit, 200));
    expect(assistantErrorText(en, error)).toBe(
      'You have sent too many messages in a row. Wait 4 minutes and ask again.',
    );
    expect(assistantErrorText(es, error)).toBe(
      'Has enviado demasiados mensajes seguidos. Espera 4 minutos y vuelve a preguntar.',
    );
    expect(assistantErrorText(en, toAssistantError(new AssistantSendError(429, spanishLimit, 30)))).toBe(
      'You have sent too many messages in a row. Wait 1 minute and ask again.',
    );
  });

  it('maps a failed reply and the proposal errors (404, 409) to their own words', () => {
    expect(assistantErrorText(en, { code: 'ASSISTANT_FAILED' })).toBe("I couldn't answer. Please try again.");
    const settled = new ApiRequestError(409, {
      code: 'PROPOSAL_SETTLED',
      message: 'Esta propuesta ya está cerrada.',
    });
    expect(assistantErrorText(en, toAssistantError(settled))).toBe('This proposal is already closed.');
    const gone = new ApiRequestError(404, {
      code: 'CONVERSATION_NOT_FOUND',
      message: 'La conversación no existe.',
    });
    expect(assistantErrorText(en, toAssistantError(gone))).toBe(
      'This conversation no longer exists. Start a new one.',
    );
  });

  it('words any other code from the errors catalogue, never with the server’s Spanish', () => {
    const soldOut = new ApiRequestError(409, { code: 'TICKETS_SOLD_OUT', message: 'Agotado.' });
    expect(assistantErrorText(en, toAssistantError(soldOut))).toBe(
      'Sold out: there are no tickets of this type left.',
    );
    expect(assistantErrorText(es, toAssistantError(soldOut))).toBe(
      'Agotado: ya no quedan entradas de este tipo.',
    );
    const paused = new ApiRequestError(409, {
      code: 'TICKET_SALES_PAUSED',
      message: 'La discoteca ha pausado la venta de estas entradas.',
    });
    expect(assistantErrorText(en, toAssistantError(paused))).toBe(
      'The club has paused sales of these tickets.',
    );
  });

  it('falls back to the generic failure for a code it does not know, or a network error', () => {
    expect(assistantErrorText(en, toAssistantError(new TypeError('fetch failed')))).toBe(
      "I couldn't answer. Please try again.",
    );
    expect(assistantErrorText(es, { code: 'SOMETHING_NEW' })).toBe(
      'No he podido responder. Inténtalo de nuevo.',
    );
  });
});
