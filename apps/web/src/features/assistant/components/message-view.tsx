// One turn of the chat: the person's question on the right; the assistant's answer on the left with its
// Markdown, a note when the built-in assistant stood in for the model, cards and a reservation to confirm.
import { Info, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AssistantCard, AssistantProposal } from '@nocturna/shared/assistant';
import { Markdown } from './markdown.tsx';
import { ProposalCard } from './proposal-card.tsx';
import { ResultCards } from './result-cards.tsx';

export function QuestionBubble({ text }: { text: string }) {
  const { t } = useTranslation('assistant');
  return (
    <li className="flex justify-end">
      <p className="sr-only">{t('you')}:</p>
      <p className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-neon-600 px-4 py-2.5 text-sm text-white sm:max-w-[70%]">
        {text}
      </p>
    </li>
  );
}

type AnswerProps = {
  text: string;
  cards: AssistantCard[];
  proposal: AssistantProposal | null;
  note: string | null;
  conversationId: string | null;
  messageId: string | null;
  streaming?: boolean;
  footer?: string | null;
};

export function AnswerBubble(props: AnswerProps) {
  const { t } = useTranslation('assistant');
  return (
    <li className="flex gap-2.5" data-testid="assistant-answer" aria-busy={props.streaming || undefined}>
      <span className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-neon-600/25 text-neon-400">
        <Sparkles aria-hidden className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="sr-only">{t('assistant')}:</p>
        {props.note && (
          <p className="mb-2 flex items-start gap-1.5 rounded-xl border border-amber-400/30 bg-amber-400/10 px-3 py-2 text-xs text-amber-200">
            <Info aria-hidden className="mt-0.5 size-3.5 shrink-0" />
            <span>
              <span className="sr-only">{t('note')}: </span>
              {props.note}
            </span>
          </p>
        )}
        <div className="max-w-[46rem] break-words rounded-2xl rounded-tl-md bg-night-800/80 px-4 py-3 text-sm leading-relaxed text-white/90">
          {props.text ? (
            <Markdown text={props.text} />
          ) : props.streaming ? (
            <span className="animate-pulse text-white/60">{t('thinking')}</span>
          ) : (
            <span className="text-white/60">{t('noAnswer')}</span>
          )}
          {props.streaming && props.text && (
            <span
              aria-hidden
              className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse bg-neon-400"
            />
          )}
        </div>
        <ResultCards cards={props.cards} />
        {props.proposal && (
          <ProposalCard
            proposal={props.proposal}
            conversationId={props.conversationId}
            messageId={props.messageId}
          />
        )}
        {props.footer && <p className="mt-1.5 text-xs text-white/60">{props.footer}</p>}
      </div>
    </li>
  );
}
