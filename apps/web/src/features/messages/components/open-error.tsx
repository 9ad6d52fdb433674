// Why /mensajes/<userId> could not open a conversation, in words, with the way forward when there is one.
import { MessageCircleOff } from 'lucide-react';
import { AppLink } from '../../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { ErrorState } from '../../../components/catalogue/query-states.tsx';

const KNOWN = [
  'USER_NOT_FOUND',
  'MESSAGES_BLOCKED',
  'MESSAGES_CONNECTIONS_ONLY',
  'CANNOT_MESSAGE_SELF',
  'RATE_LIMITED',
] as const;

export function OpenError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('messages');
  const code =
    error instanceof ApiRequestError ? (KNOWN as readonly string[]).find((c) => c === error.code) : undefined;
  if (!code) return <ErrorState message={t('open.failed')} error={error} onRetry={onRetry} />;
  const toConnections = code === 'MESSAGES_BLOCKED' || code === 'MESSAGES_CONNECTIONS_ONLY';
  return (
    <div
      role="alert"
      data-testid="open-error"
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-night-700 px-6 py-12 text-center"
    >
      <MessageCircleOff aria-hidden="true" className="size-9 text-neon-400/70" />
      <p className="max-w-sm font-medium text-white">{t(`open.${code}`)}</p>
      {toConnections && (
        <AppLink
          to={paths.connections}
          className={`rounded-full border border-neon-500/60 px-4 py-2 text-sm font-semibold text-neon-400 hover:bg-neon-500/10 ${focusRing}`}
        >
          {t('open.goConnections')}
        </AppLink>
      )}
    </div>
  );
}
