// The one interface both assistants answer through: a question in, a stream of chunks out, and what the
// conversation should remember for the next question.
import type { AssistantCard, AssistantProposal } from '@nocturna/shared';
import type { Lang } from './language.ts';
import type { AssistantTools, SearchFilters } from './tools.ts';

export type EngineChunk =
  | { type: 'text'; delta: string }
  | { type: 'cards'; cards: AssistantCard[] }
  | { type: 'proposal'; proposal: AssistantProposal }
  | { type: 'note'; text: string };

// What a follow-up ("¿y el domingo?", "¿cuál es más barata?") refers to.
export type AssistantContext = {
  filters?: SearchFilters & { dateKey?: string };
  results?: { id: string; name: string; minPriceCents: number | null }[];
  eventId?: string;
  clubId?: string;
};

export type Turn = { role: 'user' | 'assistant'; text: string };

export type EngineInput = {
  text: string;
  lang: Lang;
  history: Turn[];
  context: AssistantContext | null;
  tools: AssistantTools;
  signal: AbortSignal;
};

export interface AssistantEngine {
  readonly name: 'builtin' | 'model';
  reply(input: EngineInput): AsyncGenerator<EngineChunk, AssistantContext | null>;
}

// Text streamed a word at a time, spaces kept, so the page shows it arriving as a model's would.
export function* wordsOf(text: string): Generator<EngineChunk> {
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) yield { type: 'text', delta: piece };
}

// Why a model reply was given up: it answered an error, it went quiet (no first token, or a silence between
// chunks, longer than AI_TIMEOUT_MS), or it finished without a word for the person.
export type ModelFailure = 'error' | 'timeout' | 'empty';

export class ModelFailed extends Error {
  readonly kind: ModelFailure;
  constructor(kind: ModelFailure, message: string = kind) {
    super(message);
    this.kind = kind;
  }
}
