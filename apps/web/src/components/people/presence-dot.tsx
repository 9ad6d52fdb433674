// Online (green) or offline (grey) beside a person, with the words for screen readers. Shown only when the
// server sent a presence, which it does only where the person lets the viewer see it.
import { useTranslation } from 'react-i18next';
import type { Presence } from '@nocturna/shared';

export function PresenceDot({ presence }: { presence: Presence | null }) {
  const { t } = useTranslation('connections');
  if (!presence) return null;
  return (
    <span
      data-testid="presence-dot"
      data-online={presence.online}
      title={presence.online ? t('presence.online') : t('presence.offline')}
      className={`inline-block size-2.5 shrink-0 rounded-full ${presence.online ? 'bg-emerald-400 shadow-[0_0_8px] shadow-emerald-400/70' : 'bg-white/30'}`}
    >
      <span className="sr-only">{presence.online ? t('presence.online') : t('presence.offline')}</span>
    </span>
  );
}
