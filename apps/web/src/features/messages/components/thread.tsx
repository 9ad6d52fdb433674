// An open conversation: header, messages (live), typing indicator, and the composer, or the reason you cannot
// write. Reading it marks it read up to the newest message while the page is visible.
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { Conversation, Message } from '@nocturna/shared';
import { MESSAGE_CLIENT_EVENTS } from '@nocturna/shared/messages';
import { ErrorState } from '../../../components/catalogue/query-states.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { emitSocketEvent } from '../../../lib/socket.ts';
import { ReportDialog, type ReportDialogTarget } from '../../reports/index.ts';
import { useMessages } from '../api/get-messages.ts';
import { useMarkConversationRead } from '../api/use-mark-read.ts';
import { useSendMessage } from '../api/use-send-message.ts';
import { threadMessages } from '../message-cache.ts';
import { useTypingIn } from '../typing-store.ts';
import { usePageVisible, useReportViewing } from '../use-viewing.ts';
import { Composer } from './composer.tsx';
import { MessageList, type PendingMessage } from './message-list.tsx';
import { ThreadHeader } from './thread-header.tsx';
import { TypingIndicator } from './typing-indicator.tsx';

type Props = { me: string; conversation: Conversation; backHref: string; onNeedsRefresh: () => void };

const newClientId = () =>
  (crypto.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(/[^\w-]/g, '');

export function Thread({ me, conversation, backHref, onNeedsRefresh }: Props) {
  const { t } = useTranslation('messages');
  const errorText = useErrorText();
  const visible = usePageVisible();
  const thread = useMessages(me, conversation.id);
  const send = useSendMessage(me);
  const markRead = useMarkConversationRead(me);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [reporting, setReporting] = useState<ReportDialogTarget | null>(null);
  const typingUser = useTypingIn(conversation.id);
  const requestedRead = useRef(0);
  useReportViewing(conversation.id, visible);

  const messages = threadMessages(thread.data);
  const shownPending = pending.filter((p) => !messages.some((m) => m.clientId === p.clientId));
  const newest = messages.at(-1);

  // Read up to the newest message whenever there is something unread and the page is in front of the person.
  useEffect(() => {
    if (
      !visible ||
      !newest ||
      newest.seq <= conversation.myLastReadSeq ||
      newest.seq <= requestedRead.current
    )
      return;
    requestedRead.current = newest.seq;
    markRead.mutate({ conversationId: conversation.id, seq: newest.seq });
  }, [visible, newest, conversation.id, conversation.myLastReadSeq, markRead]);

  const deliver = (item: PendingMessage) => {
    setPending((list) => [
      ...list.filter((p) => p.clientId !== item.clientId),
      { ...item, status: 'sending' },
    ]);
    send.mutate(
      { conversationId: conversation.id, body: item.body, clientId: item.clientId },
      {
        onSuccess: () => setPending((list) => list.filter((p) => p.clientId !== item.clientId)),
        onError: (error) => {
          setPending((list) =>
            list.map((p) => (p.clientId === item.clientId ? { ...p, status: 'failed' } : p)),
          );
          toast.error(errorText(error, t('sendFailed')));
          if (error instanceof ApiRequestError && (error.status === 403 || error.status === 404))
            onNeedsRefresh();
        },
      },
    );
  };

  const onTyping = useCallback(
    (typing: boolean) =>
      emitSocketEvent(MESSAGE_CLIENT_EVENTS.typing, { conversationId: conversation.id, typing }),
    [conversation.id],
  );
  const { fetchNextPage } = thread;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const reportMessage = (message: Message) =>
    setReporting({ kind: 'message', messageId: message.id, body: message.body });

  return (
    <section
      aria-label={t('threadLabel', { name: conversation.other.name })}
      className="flex min-h-0 flex-1 flex-col"
    >
      <ThreadHeader
        other={conversation.other}
        backHref={backHref}
        onReport={() =>
          setReporting({ kind: 'user', userId: conversation.other.id, name: conversation.other.name })
        }
      />
      {thread.isPending ? (
        <p role="status" className="flex-1 p-6 text-center text-sm text-white/50">
          {t('threadLoading')}
        </p>
      ) : thread.isError && messages.length === 0 ? (
        <div className="flex-1 p-4">
          <ErrorState
            message={t('threadFailed')}
            error={thread.error}
            onRetry={() => void thread.refetch()}
          />
        </div>
      ) : (
        <MessageList
          me={me}
          otherName={conversation.other.name}
          otherLastReadSeq={conversation.otherLastReadSeq}
          messages={messages}
          pending={shownPending}
          hasOlder={thread.hasNextPage}
          loadingOlder={thread.isFetchingNextPage}
          fetching={thread.isFetching}
          onLoadOlder={loadOlder}
          onReport={reportMessage}
          onRetry={deliver}
        />
      )}
      <TypingIndicator name={typingUser ? conversation.other.name : null} />
      {conversation.canSend ? (
        <Composer
          onTyping={onTyping}
          onSend={(body) =>
            deliver({ clientId: newClientId(), body, createdAt: new Date().toISOString(), status: 'sending' })
          }
        />
      ) : (
        <p role="note" className="border-t border-white/5 px-5 py-4 text-center text-sm text-white/60">
          {t(`cannotSend.${conversation.cannotSendReason ?? 'connections_only'}`, {
            name: conversation.other.name,
          })}
        </p>
      )}
      {reporting && <ReportDialog target={reporting} open onClose={() => setReporting(null)} />}
    </section>
  );
}
