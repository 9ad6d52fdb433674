// What a list or a page shows when it has nothing, or when the server could not answer.
import { AlertTriangle, RotateCw, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/error-text.ts';
import { Button } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';

// A list with nothing to show (no nights match the filters, no one has posted yet): the app's empty box with the
// magnifier, the message and what to do about it.
export function NothingFound({ message, action }: { message: string; action?: ReactNode }) {
  return <EmptyState icon={SearchX} text={message} action={action} />;
}

export function ErrorState({
  message,
  error,
  onRetry,
}: {
  message: string;
  error?: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  // The server's answer in the reader's words (no connection when it never answered), never its own message.
  const detail = errorText(error, t('errors.generic'));
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-flame-500/40 bg-flame-500/5 px-6 py-10 text-center"
    >
      <AlertTriangle aria-hidden className="size-8 text-flame-500" />
      <p className="font-medium text-white">{message}</p>
      <p className="max-w-sm text-sm text-white/60">{detail}</p>
      <Button type="button" tone="secondary" size="sm" onClick={onRetry} className="mt-1">
        <RotateCw aria-hidden className="size-4" />
        {t('retry')}
      </Button>
    </div>
  );
}

export function LoadMore({
  hasMore,
  loading,
  onLoad,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  const { t } = useTranslation('common');
  if (!hasMore) return null;
  return (
    <div className="flex justify-center pt-2">
      <Button type="button" tone="secondary" onClick={onLoad} disabled={loading}>
        {loading ? t('loading') : t('loadMore')}
      </Button>
    </div>
  );
}
