// The router's error screen. A page that could not be drawn for want of signal shows "Sin conexión" (with the way to
// the wallet); one whose code a deploy replaced loads the new build, once; anything else is a real error:
// "Unexpected Application Error!" with what went wrong in the reader's words (never the server's or the program's
// own message, which with the stack show only in development builds).
import { Suspense, use, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button.tsx';
import { useErrorText } from '../lib/error-text.ts';
import { OfflineScreen } from './offline-screen.tsx';
import { pageFailure, probeFailedModule, type PageFailure } from './pwa/page-failure.ts';
import { claimReload } from './pwa/reload-on-stale-chunk.ts';

export function errorDetails(error: unknown): { message: string; stack?: string } {
  if (isRouteErrorResponse(error)) return { message: `${error.status} ${error.statusText}`.trim() };
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: typeof error === 'string' ? error : JSON.stringify(error) };
}

// Each error is judged once, as things stood when it happened: the signal coming back later turns a page that
// failed offline into neither a stale build nor a real error.
const verdicts = new WeakMap<object, Promise<PageFailure> | PageFailure>();
function verdictOf(error: unknown): Promise<PageFailure> | PageFailure {
  if (typeof error !== 'object' || error === null) return 'error';
  let verdict = verdicts.get(error);
  if (verdict === undefined) {
    const known = pageFailure(error, navigator.onLine);
    verdict = known === 'ask-server' ? probeFailedModule(error) : known;
    verdicts.set(error, verdict);
  }
  return verdict;
}

export function RouteError() {
  const { t } = useTranslation('shell');
  const error = useRouteError();
  const verdict = verdictOf(error);
  if (typeof verdict === 'string') return <Failure kind={verdict} error={error} />;
  return (
    <Suspense fallback={<p className="px-5 py-16 text-center text-white/60">{t('routeError.checking')}</p>}>
      <AskedServer verdict={verdict} error={error} />
    </Suspense>
  );
}

function AskedServer({ verdict, error }: { verdict: Promise<PageFailure>; error: unknown }) {
  return <Failure kind={use(verdict)} error={error} />;
}

function Failure({ kind, error }: { kind: PageFailure; error: unknown }) {
  if (kind === 'offline') return <OfflineScreen />;
  if (kind === 'stale-code') return <NewBuild error={error} />;
  return <ErrorScreen error={error} />;
}

// A reload brings the new build's page and chunks. At most once a minute (claimReload): a chunk still missing after
// it is broken for real, and shows the error screen instead of reloading in a loop.
// Claimed once per error, outside React's state: a render React throws away (the boundary drawn again as the
// router settles) must not claim again, or the second claim, refused, would show the error instead of reloading.
const reloadClaims = new WeakMap<object, boolean>();
function claimReloadFor(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return claimReload();
  let claimed = reloadClaims.get(error);
  if (claimed === undefined) {
    claimed = claimReload();
    reloadClaims.set(error, claimed);
  }
  return claimed;
}

function NewBuild({ error }: { error: unknown }) {
  const { t } = useTranslation('shell');
  const reloading = claimReloadFor(error);
  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);
  if (!reloading) return <ErrorScreen error={error} />;
  return <p className="px-5 py-16 text-center text-white/60">{t('routeError.updating')}</p>;
}

function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation('shell');
  const errorText = useErrorText();
  // What a person reads is the error's code in their language (or the catalogue's general line); the program's own
  // message and stack are for whoever develops, and show only in development builds.
  const message = errorText(error);
  const { message: raw, stack } = errorDetails(error);
  return (
    <section role="alert" className="mx-auto flex max-w-2xl flex-col gap-4 px-5 py-16">
      <h1 className="text-2xl font-black text-white">{t('routeError.title')}</h1>
      <p className="rounded-xl border border-flame-500/40 bg-flame-500/10 px-4 py-3 font-mono text-sm break-words text-flame-500">
        {message}
      </p>
      {import.meta.env.DEV && (
        <pre className="max-h-80 overflow-auto rounded-xl bg-night-900 p-4 text-xs text-white/70">
          {stack ?? raw}
        </pre>
      )}
      <Button type="button" shape="block" onClick={() => window.location.reload()} className="self-start">
        {t('routeError.reload')}
      </Button>
    </section>
  );
}
