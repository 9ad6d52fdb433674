// The assistant's rules: per-person conversations, the message quota, and one reply run through the chosen
// engine with the built-in one taking over (with a note saying why) when the model fails, falls silent or says
// nothing.
import { uuidv7 } from 'uuidv7';
import {
  ASSISTANT_RATE_LIMIT,
  assistantProposal,
  type AssistantCard,
  type AssistantConversation,
  type AssistantConversationDetail,
  type AssistantMessage,
  type AssistantProposal,
  type AssistantStreamEvent,
} from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso, type AssistantConversationsTable, type AssistantMessagesTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { myTicket } from '../tickets/index.ts';
import { builtinEngine } from './builtin-engine.ts';
import {
  ModelFailed,
  type AssistantContext,
  type AssistantEngine,
  type ModelFailure,
  type Turn,
} from './engine.ts';
import { detectLang, type Lang } from './language.ts';
import * as repo from './repository.ts';
import { createTools } from './tools.ts';
import * as clock from '../../clock.ts';

const conversationMissing = () => notFound('La conversación', 'CONVERSATION_NOT_FOUND');
const HISTORY_TURNS = 12;

type Parts = { cards?: AssistantCard[]; proposal?: AssistantProposal | null; note?: string | null };

function toConversation(row: AssistantConversationsTable): AssistantConversation {
  return { id: row.id, title: row.title, createdAt: toIso(row.created_at), updatedAt: toIso(row.updated_at) };
}

function toMessage(row: AssistantMessagesTable): AssistantMessage {
  const parts = JSON.parse(row.parts) as Parts;
  return {
    id: row.id,
    role: row.role,
    text: row.text,
    cards: parts.cards ?? [],
    proposal: parts.proposal ?? null,
    note: parts.note ?? null,
    createdAt: toIso(row.created_at),
  };
}

export async function listConversations(db: Db, userId: string) {
  return { items: (await repo.listConversations(db, userId, 100)).map(toConversation) };
}

export async function conversationDetail(
  db: Db,
  userId: string,
  id: string,
): Promise<AssistantConversationDetail> {
  const row = await repo.findConversation(db, userId, id);
  if (!row) throw conversationMissing();
  return { ...toConversation(row), messages: (await repo.messagesOf(db, id)).map(toMessage) };
}

export async function renameConversation(db: Db, userId: string, id: string, title: string) {
  if (!(await repo.renameConversation(db, userId, id, title, clock.now().toISOString())))
    throw conversationMissing();
  return toConversation((await repo.findConversation(db, userId, id))!);
}

export async function deleteConversation(db: Db, userId: string, id: string) {
  if (!(await repo.deleteConversation(db, userId, id))) throw conversationMissing();
}

// The page reports what became of a proposal: confirmed (with the ticket the normal ticket path issued) or
// dismissed. Only the owner's waiting proposal changes, once; the ticket named must be the asker's own (404
// otherwise, as for any ticket that is not theirs) and for the proposal's event and type (409).
export async function settleProposal(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
  update: { status: 'confirmed' | 'dismissed'; ticketId?: string },
): Promise<AssistantMessage> {
  if (!(await repo.findConversation(db, userId, conversationId))) throw conversationMissing();
  const row = await repo.findMessage(db, conversationId, messageId);
  if (!row) throw notFound('El mensaje', 'MESSAGE_NOT_FOUND');
  const parts = JSON.parse(row.parts) as Parts;
  const proposal = parts.proposal ? assistantProposal.parse(parts.proposal) : null;
  if (!proposal) throw notFound('La propuesta', 'PROPOSAL_NOT_FOUND');
  if (proposal.status !== 'proposed')
    throw new AppError(409, 'PROPOSAL_SETTLED', 'Esta propuesta ya está cerrada.');
  if (update.ticketId) {
    const ticket = await myTicket(db, userId, update.ticketId);
    if (ticket.event.id !== proposal.eventId || ticket.ticketTypeId !== proposal.ticketTypeId)
      throw new AppError(
        409,
        'PROPOSAL_TICKET_MISMATCH',
        'Esa entrada no es del evento ni del tipo que proponía el asistente.',
        { field: 'ticketId' },
      );
  }
  const next = JSON.stringify({
    ...parts,
    proposal: { ...proposal, status: update.status, ticketId: update.ticketId ?? null },
  });
  if (!(await repo.updateParts(db, messageId, row.parts, next)))
    throw new AppError(409, 'PROPOSAL_SETTLED', 'Esta propuesta ya está cerrada.');
  return toMessage({ ...row, parts: next });
}

// ---- one message and its reply -----------------------------------------------------------------------------

export type Prepared = {
  conversation: AssistantConversationsTable;
  history: Turn[];
  context: AssistantContext | null;
  lang: Lang;
};

export async function takeQuota(db: Db, userId: string, now = clock.now()) {
  const windowMs = ASSISTANT_RATE_LIMIT.windowSeconds * 1000;
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  if (!(await repo.takeQuota(db, userId, windowStart, ASSISTANT_RATE_LIMIT.max))) {
    const seconds = Math.max(1, Math.ceil((windowStart + windowMs - now.getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new AppError(
      429,
      'ASSISTANT_RATE_LIMITED',
      `Has enviado ${ASSISTANT_RATE_LIMIT.max} mensajes en 10 minutos. Espera ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} y vuelve a preguntar.`,
      { details: { retryAfterSeconds: seconds } },
    );
  }
  await repo.dropOldQuota(db, userId, windowStart);
}

export async function prepareMessage(
  db: Db,
  userId: string,
  body: { conversationId?: string; text: string; lang?: Lang },
): Promise<Prepared> {
  const at = clock.now().toISOString();
  let conversation = body.conversationId
    ? await repo.findConversation(db, userId, body.conversationId)
    : undefined;
  if (body.conversationId && !conversation) throw conversationMissing();
  if (!conversation) {
    const title = body.text.length > 60 ? `${body.text.slice(0, 57).trimEnd()}…` : body.text;
    const id = uuidv7();
    await repo.insertConversation(db, { id, userId, title, at });
    conversation = (await repo.findConversation(db, userId, id))!;
  }
  const previous = await repo.messagesOf(db, conversation.id);
  const lastAssistant = [...previous].reverse().find((m) => m.role === 'assistant');
  await repo.insertMessage(db, {
    id: uuidv7(),
    conversation_id: conversation.id,
    role: 'user',
    text: body.text,
    parts: '{}',
    context: null,
    engine: null,
    created_at: at,
  });
  return {
    conversation,
    history: previous.slice(-HISTORY_TURNS).map((m) => ({ role: m.role, text: m.text })),
    context: lastAssistant?.context ? (JSON.parse(lastAssistant.context) as AssistantContext) : null,
    lang: detectLang(body.text, body.lang ?? 'es'),
  };
}

// The note says what happened to the model: an error, silence past AI_TIMEOUT_MS, or an answer with no words.
const FALLBACK_NOTE: Record<ModelFailure, Record<Lang, string>> = {
  error: {
    es: 'El modelo de IA ha fallado; te contesta el asistente integrado.',
    en: 'The AI model failed; the built-in assistant is answering instead.',
  },
  timeout: {
    es: 'El modelo de IA no respondió a tiempo; te contesta el asistente integrado.',
    en: 'The AI model did not answer in time; the built-in assistant is answering instead.',
  },
  empty: {
    es: 'El modelo de IA no dio ninguna respuesta; te contesta el asistente integrado.',
    en: 'The AI model gave no answer; the built-in assistant is answering instead.',
  },
};

export async function runReply(
  db: Db,
  user: { id: string },
  prepared: Prepared,
  text: string,
  options: { engine: AssistantEngine; signal: AbortSignal; emit: (event: AssistantStreamEvent) => void },
): Promise<AssistantMessage> {
  const messageId = uuidv7();
  const { emit, signal } = options;
  emit({ type: 'start', conversationId: prepared.conversation.id, messageId, engine: options.engine.name });
  const tools = createTools(db, user);
  let answer = '';
  const cards: AssistantCard[] = [];
  let proposal: AssistantProposal | null = null;
  let note: string | null = null;
  let context: AssistantContext | null = prepared.context;
  let engineUsed = options.engine.name;

  const drive = async (engine: AssistantEngine) => {
    const run = engine.reply({
      text,
      lang: prepared.lang,
      history: prepared.history,
      context: prepared.context,
      tools,
      signal,
    });
    for (;;) {
      const step = await run.next();
      if (step.done) {
        context = step.value ?? context;
        return;
      }
      const chunk = step.value;
      if (chunk.type === 'text') {
        answer += chunk.delta;
        emit({ type: 'text', delta: chunk.delta });
      } else if (chunk.type === 'cards') {
        cards.push(...chunk.cards);
        emit({ type: 'cards', cards: chunk.cards });
      } else if (chunk.type === 'proposal') {
        proposal = chunk.proposal;
        emit({ type: 'proposal', proposal: chunk.proposal });
      } else {
        note = chunk.text;
        emit({ type: 'note', text: chunk.text });
      }
    }
  };

  try {
    await drive(options.engine);
  } catch (error) {
    // Stopped by the person: keep what was said. A failing built-in engine is a bug, not a fallback case.
    if (!signal.aborted) {
      if (options.engine.name === 'builtin') throw error;
      const kind = error instanceof ModelFailed ? error.kind : 'error';
      note = FALLBACK_NOTE[kind][prepared.lang];
      emit({ type: 'note', text: note });
      if (answer) {
        answer += '\n\n';
        emit({ type: 'text', delta: '\n\n' });
      }
      engineUsed = 'builtin';
      await drive(builtinEngine);
    }
  }

  const at = clock.now().toISOString();
  const row: AssistantMessagesTable = {
    id: messageId,
    conversation_id: prepared.conversation.id,
    role: 'assistant',
    text: answer,
    parts: JSON.stringify({ cards, proposal, note } satisfies Parts),
    context: context ? JSON.stringify(context) : null,
    engine: engineUsed,
    created_at: at,
  };
  await repo.insertMessage(db, row);
  await repo.touchConversation(db, prepared.conversation.id, at);
  return toMessage(row);
}

export async function conversationOf(db: Db, userId: string, id: string) {
  return toConversation((await repo.findConversation(db, userId, id))!);
}
