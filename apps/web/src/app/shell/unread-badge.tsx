import { useTranslation } from 'react-i18next';
import { badgeText } from './badge.ts';

// The small neon pill with the unread count ("9+" above 9). Screen readers get the full count in words.
export function UnreadBadge({ count, className = '' }: { count: number; className?: string }) {
  const { t } = useTranslation('shell');
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span
      data-testid="unread-badge"
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-flame-500 px-1.5 text-[11px] leading-5 font-bold text-white shadow-[0_0_12px] shadow-flame-500/60 ${className}`}
    >
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{t('unread', { count })}</span>
    </span>
  );
}
