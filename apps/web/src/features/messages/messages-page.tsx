// /mensajes, /messages, /mensajes/:userId and /messages/:userId (signed in; the route's gate handles visitors).
// Desktop: the conversation list and the open thread side by side. Phone: the list and the thread are separate
// screens; the thread fills the space between the header and the tab bar, and while the on-screen keyboard is
// open it covers exactly the visible part of the screen, so the composer stays above the keyboard.
import { MessagesSquare } from 'lucide-react';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useSession } from '../auth/api/use-session.ts';
import { useConversationWith } from './api/open-conversation.ts';
import { ConversationList } from './components/conversation-list.tsx';
import { OpenError } from './components/open-error.tsx';
import { Thread } from './components/thread.tsx';
import { useVisualViewport } from './use-visual-viewport.ts';

export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const { userId } = useParams();
  const { pathname } = useLocation();
  const me = useSession().user?.id ?? '';
  const opened = useConversationWith(me, userId);
  const viewport = useVisualViewport();
  // Links keep the spelling the person arrived with: /mensajes/... or /messages/...
  const base = pathname.startsWith('/mensajes') ? '/mensajes' : '/messages';
  const hrefFor = (id: string) => `${base}/${encodeURIComponent(id)}`;
  usePageTitle(`${opened.data ? `${opened.data.other.name} · ` : ''}${t('title')} | Nocturna`);

  const phoneKeyboard = viewport.keyboardOpen
    ? { top: viewport.offsetTop, height: viewport.height, bottom: 'auto' }
    : undefined;

  return (
    <section className="mx-auto flex w-full max-w-6xl lg:h-dvh lg:px-4 lg:py-6">
      <div
        className={`${userId ? 'hidden lg:flex' : 'flex'} w-full flex-col lg:w-90 lg:shrink-0 lg:overflow-hidden lg:rounded-l-3xl lg:border lg:border-white/5 lg:bg-night-900/60`}
      >
        <div className="px-5 pt-8 pb-2 lg:px-4 lg:pt-5">
          <h1 className="text-3xl font-black tracking-tight text-white lg:text-2xl">{t('title')}</h1>
          <p className="mt-1 text-sm text-white/60 lg:hidden">{t('lead')}</p>
        </div>
        <div className="min-h-0 flex-1 lg:overflow-y-auto lg:[scrollbar-width:thin]">
          <ConversationList me={me} activeUserId={userId} hrefFor={hrefFor} />
        </div>
      </div>

      <div
        data-testid="thread-pane"
        style={phoneKeyboard}
        className={`${userId ? 'flex' : 'hidden lg:flex'} fixed inset-x-0 top-16 bottom-[calc(4rem+env(safe-area-inset-bottom))] flex-col bg-night-950 ${
          viewport.keyboardOpen ? 'z-40' : 'z-20'
        } lg:static lg:inset-auto lg:z-auto lg:min-w-0 lg:flex-1 lg:overflow-hidden lg:rounded-r-3xl lg:border lg:border-l-0 lg:border-white/5 lg:bg-night-900/30`}
      >
        {userId && <h1 className="sr-only lg:hidden">{t('title')}</h1>}
        {!userId ? (
          <div className="m-auto flex flex-col items-center gap-3 px-6 text-center">
            <MessagesSquare aria-hidden="true" className="size-10 text-neon-400/60" />
            <p className="font-semibold text-white">{t('pickOne.title')}</p>
            <p className="text-sm text-white/50">{t('pickOne.body')}</p>
          </div>
        ) : opened.isPending ? (
          <p role="status" className="m-auto text-sm text-white/50">
            {t('threadLoading')}
          </p>
        ) : opened.isError ? (
          <div className="m-auto w-full max-w-md p-4">
            <OpenError error={opened.error} onRetry={() => void opened.refetch()} />
          </div>
        ) : (
          <Thread
            key={opened.data.id}
            me={me}
            conversation={opened.data}
            backHref={base}
            onNeedsRefresh={() => void opened.refetch()}
          />
        )}
      </div>
    </section>
  );
}
