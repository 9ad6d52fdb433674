// The left pane (or the whole screen on a phone): my conversations, live, newest activity first.
import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadMore } from '../../../components/catalogue/query-states.tsx';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { useConversations } from '../api/get-conversations.ts';
import { flattenConversations } from '../message-cache.ts';
import { ConversationListItem } from './conversation-list-item.tsx';

type Props = { me: string; activeUserId?: string; hrefFor: (userId: string) => string };

export function ConversationList({ me, activeUserId, hrefFor }: Props) {
  const { t } = useTranslation('messages');
  const locale = useLocale();
  const list = useConversations(me);
  const items = flattenConversations(list.data).filter((c) => c.lastMessage);

  if (list.isPending) {
    return (
      <div role="status" aria-label={t('loading')} className="flex flex-col gap-2 p-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex animate-pulse items-center gap-3 rounded-2xl px-3 py-3">
            <div className="size-12 rounded-full bg-night-800" />
            <div className="flex-1 space-y-2">
              <div className="h-3 w-1/2 rounded bg-night-800" />
              <div className="h-3 w-3/4 rounded bg-night-800" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (list.isError && items.length === 0)
    return (
      <div className="p-2">
        <ErrorState message={t('loadFailed')} error={list.error} onRetry={() => void list.refetch()} />
      </div>
    );
  if (items.length === 0) {
    return (
      <div className="m-2 flex flex-col items-center gap-3 rounded-2xl border border-dashed border-night-700 px-6 py-14 text-center">
        <MessagesSquare aria-hidden="true" className="size-9 text-neon-400/70" />
        <p className="font-semibold text-white">{t('empty.title')}</p>
        <p className="max-w-sm text-sm text-white/60">{t('empty.body')}</p>
      </div>
    );
  }
  return (
    <>
      <ul aria-label={t('listLabel')} className="flex flex-col gap-1 p-2">
        {items.map((conversation) => (
          <ConversationListItem
            key={conversation.id}
            conversation={conversation}
            me={me}
            href={hrefFor(conversation.other.id)}
            active={conversation.other.id === activeUserId}
            locale={locale}
          />
        ))}
      </ul>
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoad={() => void list.fetchNextPage()}
      />
    </>
  );
}
