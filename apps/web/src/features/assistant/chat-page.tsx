// /chat-ai and /ai-chat (signed in; the route's gate shows visitors its screen). Desktop: the history beside the
// chat. Phone: the chat fills the space between the header and the tab bar, and the history slides in over it.
// The open conversation is kept in ?c= so a reload or a shared link opens it again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { History, Sparkles, X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { focusRing } from '../../components/focus-ring.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Composer } from './components/composer.tsx';
import { HistoryPanel } from './components/history-panel.tsx';
import { AnswerBubble, QuestionBubble } from './components/message-view.tsx';
import { Suggestions } from './components/suggestions.tsx';
import { assistantErrorText } from './error-message.ts';
import { useAssistantChat } from './use-assistant-chat.ts';

export default function ChatPage() {
  const { t } = useTranslation(['assistant', 'errors']);
  usePageTitle(`${t('title')} | Nocturna`);
  const [params, setParams] = useSearchParams();
  const conversationId = params.get('c');
  const [historyOpen, setHistoryOpen] = useState(false);
  const open = useCallback(
    (id: string | null) => {
      setParams(id ? { c: id } : {}, { replace: true });
      setHistoryOpen(false);
    },
    [setParams],
  );
  const chat = useAssistantChat(conversationId, open);
  const end = useRef<HTMLDivElement>(null);
  const liveLength = chat.live?.text.length ?? 0;
  const liveParts = (chat.live?.cards.length ?? 0) + (chat.live?.proposal ? 1 : 0);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [chat.messages.length, liveLength, liveParts]);

  const empty = chat.messages.length === 0 && !chat.live && !chat.loading;
  const startNew = (id: string | null) => {
    if (id === null) chat.reset();
    open(id);
  };

  return (
    <section className="mx-auto flex w-full max-w-6xl lg:h-dvh lg:px-4 lg:py-6">
      <aside className="hidden w-72 shrink-0 overflow-hidden rounded-l-3xl border border-white/5 bg-night-900/60 lg:block">
        <HistoryPanel activeId={conversationId} onOpen={startNew} />
      </aside>

      {/* The phone's history slides over the chat as a modal drawer: Escape or a tap on the dimmed page behind
          closes it, as the close button does. */}
      <Dialog
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        label={t('history.title')}
        variant="drawer"
        className="w-[85%] max-w-sm bg-night-900 text-white shadow-2xl backdrop:bg-black/60"
      >
        <div className="relative flex h-full flex-col">
          <button
            type="button"
            onClick={() => setHistoryOpen(false)}
            className={`absolute right-3 top-3 z-10 flex size-9 items-center justify-center rounded-full text-white/70 hover:bg-white/10 ${focusRing}`}
          >
            <X aria-hidden className="size-5" />
            <span className="sr-only">{t('history.close')}</span>
          </button>
          <HistoryPanel activeId={conversationId} onOpen={startNew} />
        </div>
      </Dialog>

      <div className="fixed inset-x-0 top-16 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-20 flex flex-col bg-night-950 lg:static lg:inset-auto lg:z-auto lg:min-w-0 lg:flex-1 lg:overflow-hidden lg:rounded-r-3xl lg:border lg:border-l-0 lg:border-white/5 lg:bg-night-900/30">
        <header className="flex items-center gap-3 border-b border-white/5 px-4 py-3">
          <Button
            type="button"
            tone="secondary"
            size="sm"
            onClick={() => setHistoryOpen(true)}
            className="lg:hidden"
          >
            <History aria-hidden className="size-4" />
            {t('history.open')}
          </Button>
          <h1 className="flex items-center gap-2 text-lg font-black tracking-tight text-white lg:text-xl">
            <Sparkles aria-hidden className="size-5 text-neon-400" />
            {t('title')}
          </h1>
        </header>

        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-5 [scrollbar-width:thin]" aria-live="polite">
          {empty ? (
            <div className="mx-auto flex max-w-lg flex-col items-center gap-4 pt-6 text-center sm:pt-12">
              <span className="flex size-14 items-center justify-center rounded-full bg-neon-600/20 text-neon-400">
                <Sparkles aria-hidden className="size-7" />
              </span>
              <h2 className="text-2xl font-black tracking-tight text-white">{t('empty.title')}</h2>
              <p className="text-sm text-white/70">{t('empty.body')}</p>
              <Suggestions onPick={(q) => void chat.send(q)} />
            </div>
          ) : chat.failed ? (
            <p className="text-sm text-flame-500">{t('history.loadError')}</p>
          ) : (
            <ol className="mx-auto flex max-w-3xl flex-col gap-5" data-testid="assistant-thread">
              {chat.messages.map((m) =>
                m.role === 'user' ? (
                  <QuestionBubble key={m.id} text={m.text} />
                ) : (
                  <AnswerBubble
                    key={m.id}
                    text={m.text}
                    cards={m.cards}
                    proposal={m.proposal}
                    note={m.note}
                    conversationId={conversationId}
                    messageId={m.id}
                  />
                ),
              )}
              {chat.live && (
                <>
                  <QuestionBubble text={chat.live.question} />
                  <AnswerBubble
                    text={chat.live.text}
                    cards={chat.live.cards}
                    proposal={chat.live.proposal}
                    note={chat.live.note}
                    conversationId={conversationId}
                    messageId={chat.live.messageId}
                    streaming={chat.streaming}
                    footer={
                      chat.live.status === 'stopped'
                        ? t('stopped')
                        : chat.live.status === 'failed'
                          ? assistantErrorText(t, chat.live.error ?? { code: 'ASSISTANT_FAILED' })
                          : null
                    }
                  />
                </>
              )}
            </ol>
          )}
          <div ref={end} />
        </div>

        <Composer onSend={(q) => void chat.send(q)} onStop={chat.stop} streaming={chat.streaming} />
      </div>
    </section>
  );
}
