// POST /api/assistant/messages: the reply comes back as NDJSON, one event per line, handed over as each line
// arrives. Aborting the signal (the stop button) closes the request; the server keeps what was said.
import type { AssistantSendBody, AssistantStreamEvent } from '@nocturna/shared/assistant';
import type { ApiError } from '@nocturna/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';

// A refused question, with how long to wait when it is the message limit (Retry-After).
export class AssistantSendError extends ApiRequestError {
  readonly retryAfterSeconds?: number;
  constructor(
    status: number,
    body: ConstructorParameters<typeof ApiRequestError>[1],
    retryAfterSeconds?: number,
  ) {
    super(status, body);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export async function streamMessage(
  body: AssistantSendBody,
  onEvent: (event: AssistantStreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch('/api/assistant/messages', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) {
    const error = ((await response.json().catch(() => null)) as ApiError | null)?.error ?? {
      code: `HTTP_${response.status}`,
      message: response.statusText,
    };
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new AssistantSendError(response.status, error, retryAfter > 0 ? retryAfter : undefined);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onEvent(JSON.parse(line) as AssistantStreamEvent);
  }
  if (buffer.trim()) onEvent(JSON.parse(buffer) as AssistantStreamEvent);
}
