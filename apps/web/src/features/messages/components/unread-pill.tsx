import { useTranslation } from 'react-i18next';
import { BADGE_CAP } from '@nocturna/shared/constants';

// The unread count of one conversation ("9+" above 9, as the nav badge); read out in words.
export function UnreadPill({ count }: { count: number }) {
  const { t } = useTranslation('messages');
  return (
    <span
      data-testid="conversation-unread"
      className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-flame-500 px-1.5 text-[11px] leading-5 font-bold text-white shadow-[0_0_10px] shadow-flame-500/50"
    >
      <span aria-hidden="true">{count > BADGE_CAP ? `${BADGE_CAP}+` : count}</span>
      <span className="sr-only">{t('unreadCount', { count })}</span>
    </span>
  );
}
