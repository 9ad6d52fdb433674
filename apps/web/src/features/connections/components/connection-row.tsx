// One person in a tab of /conexiones: photo with presence, name and username linking to their profile, what
// you share, and the actions that fit the tab.
import { MessageCircle } from 'lucide-react';
import { AppLink } from '../../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import type { ConnectionItem } from '@nocturna/shared';
import { PresenceDot } from '../../../components/people/presence-dot.tsx';
import { UserAvatar } from '../../../components/people/user-avatar.tsx';
import { focusRing } from '../../../components/focus-ring.ts';
import { paths } from '../../../lib/paths.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ConnectionButtons } from './connection-buttons.tsx';

export const conversationPath = (userId: string) => `/mensajes/${encodeURIComponent(userId)}`;

export function ConnectionRow({ item }: { item: ConnectionItem }) {
  const { t } = useTranslation('connections');
  const { user } = item;
  const shared = [
    item.mutualConnections > 0 ? t('mutual', { count: item.mutualConnections }) : null,
    item.sharedEvents > 0 ? t('sharedEvents', { count: item.sharedEvents }) : null,
  ].filter(Boolean);
  return (
    <li
      data-testid="connection-row"
      className="flex flex-col gap-3 rounded-2xl border border-white/5 bg-night-900/70 p-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <AppLink to={paths.user(user.id)} className={`flex min-w-0 items-center gap-3 rounded-xl ${focusRing}`}>
        <span className="relative">
          <UserAvatar name={user.name} src={user.avatarUrl} />
          {item.presence && (
            <span className="absolute -right-0.5 -bottom-0.5 grid place-items-center rounded-full bg-night-900 p-0.5">
              <PresenceDot presence={item.presence} />
            </span>
          )}
        </span>
        <span className="min-w-0">
          <span className="block truncate font-semibold text-white">{user.name}</span>
          <span className="block truncate text-sm text-white/50">
            {user.username ? `@${user.username}` : null}
            {shared.length > 0 && (
              <span className="text-white/60">
                {user.username ? ' · ' : ''}
                {shared.join(' · ')}
              </span>
            )}
          </span>
        </span>
      </AppLink>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        {item.state === 'connected' && (
          <AppLink
            to={conversationPath(user.id)}
            className={buttonClass({ tone: 'secondary' })}
            aria-label={t('message', { name: user.name })}
          >
            <MessageCircle aria-hidden className="size-4" />
            <span className="sr-only sm:not-sr-only">{t('messageShort')}</span>
          </AppLink>
        )}
        <ConnectionButtons userId={user.id} name={user.name} state={item.state} signedIn inList />
      </div>
    </li>
  );
}
