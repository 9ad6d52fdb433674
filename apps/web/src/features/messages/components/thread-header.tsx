// The top of a thread: back to the list (phones), who you are talking to (links to their profile), and a
// button to report them.
import { ArrowLeft, Flag } from 'lucide-react';
import { AppLink } from '../../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import type { MessagePeer } from '@nocturna/shared';
import { focusRing } from '../../../components/focus-ring.ts';
import { paths } from '../../../lib/paths.ts';
import { PeerAvatar } from './peer-avatar.tsx';

type Props = { other: MessagePeer; backHref: string; onReport: () => void };

export function ThreadHeader({ other, backHref, onReport }: Props) {
  const { t } = useTranslation('messages');
  const iconButton = `grid size-10 shrink-0 place-items-center rounded-xl text-white/70 hover:bg-white/5 hover:text-white ${focusRing}`;
  return (
    <header className="flex items-center gap-2 border-b border-white/5 bg-night-950/95 px-2 py-2 backdrop-blur lg:px-4">
      <AppLink to={backHref} aria-label={t('back')} className={`${iconButton} lg:hidden`}>
        <ArrowLeft aria-hidden="true" className="size-5" />
      </AppLink>
      <AppLink
        to={paths.user(other.id)}
        title={t('viewProfile', { name: other.name })}
        className={`flex min-w-0 flex-1 items-center gap-3 rounded-xl p-1 hover:bg-white/5 ${focusRing}`}
      >
        <PeerAvatar peer={other} size="sm" />
        <h2 className="truncate text-base font-bold text-white">{other.name}</h2>
      </AppLink>
      <button
        type="button"
        onClick={onReport}
        aria-label={t('reportUser', { name: other.name })}
        title={t('reportUser', { name: other.name })}
        className={iconButton}
      >
        <Flag aria-hidden="true" className="size-4.5" />
      </button>
    </header>
  );
}
