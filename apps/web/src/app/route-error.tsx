// The router's error screen: "Unexpected Application Error!" with the message; the stack only in
// development builds, so production never shows internals. A chunk a deploy removed reloads the page instead.
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../components/focus-ring.ts';
import { claimReload, isStaleChunkError } from './pwa/reload-on-stale-chunk.ts';

export function errorDetails(error: unknown): { message: string; stack?: string } {
  if (isRouteErrorResponse(error)) return { message: `${error.status} ${error.statusText}`.trim() };
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: typeof error === 'string' ? error : JSON.stringify(error) };
}

export function RouteError() {
  const { t } = useTranslation('shell');
  const error = useRouteError();
  const [reloading] = useState(() => isStaleChunkError(error) && claimReload());
  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);
  const { message, stack } = errorDetails(error);
  if (reloading) return <p className="px-5 py-16 text-center text-white/60">{t('routeError.updating')}</p>;
  return (
    <section role="alert" className="mx-auto flex max-w-2xl flex-col gap-4 px-5 py-16">
      <h1 className="text-2xl font-black text-white">{t('routeError.title')}</h1>
      <p className="rounded-xl border border-flame-500/40 bg-flame-500/10 px-4 py-3 font-mono text-sm break-words text-flame-500">
        {message}
      </p>
      {import.meta.env.DEV && stack && (
        <pre className="max-h-80 overflow-auto rounded-xl bg-night-900 p-4 text-xs text-white/70">
          {stack}
        </pre>
      )}
      <button
        type="button"
        onClick={() => window.location.reload()}
        className={`self-start rounded-xl bg-neon-600 px-5 py-2.5 font-semibold text-white hover:bg-neon-700 ${focusRing}`}
      >
        {t('routeError.reload')}
      </button>
    </section>
  );
}
