// One row of the conversation list: avatar, name, last message (prefixed "Tú:" when mine), time and the
// unread count. The whole row opens the conversation.
import { AppLink } from '../../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@nocturna/shared';
import { focusRing } from '../../../components/focus-ring.ts';
import type { Locale } from '../../../lib/catalogue-format.ts';
import { UnreadPill } from './unread-pill.tsx';
import { listTime } from '../message-time.ts';
import { PeerAvatar } from './peer-avatar.tsx';

type Props = { conversation: Conversation; me: string; href: string; active: boolean; locale: Locale };

export function ConversationListItem({ conversation, me, href, active, locale }: Props) {
  const { t } = useTranslation('messages');
  const last = conversation.lastMessage;
  const unread = conversation.unreadCount > 0;
  return (
    <li>
      <AppLink
        to={href}
        aria-current={active ? 'page' : undefined}
        data-testid="conversation"
        data-unread={unread}
        className={`flex items-center gap-3 rounded-2xl px-3 py-3 transition-colors ${active ? 'bg-neon-500/15' : 'hover:bg-white/5'} ${focusRing}`}
      >
        <PeerAvatar peer={conversation.other} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span
              className={`min-w-0 flex-1 truncate ${unread ? 'font-bold text-white' : 'font-semibold text-white/90'}`}
            >
              {conversation.other.name}
            </span>
            {last && (
              <time
                dateTime={last.createdAt}
                className={`shrink-0 text-xs ${unread ? 'text-neon-400' : 'text-white/55'}`}
              >
                {listTime(last.createdAt, locale, t('yesterday'))}
              </time>
            )}
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span className={`min-w-0 flex-1 truncate text-sm ${unread ? 'text-white/85' : 'text-white/55'}`}>
              {last ? `${last.senderId === me ? t('you') : ''}${last.body}` : t('noMessagesYet')}
            </span>
            {unread && <UnreadPill count={conversation.unreadCount} />}
          </span>
        </span>
      </AppLink>
    </li>
  );
}
