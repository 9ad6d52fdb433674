import { useEffect } from 'react';
import { markRootHydrated, useHydrated } from '../components/use-hydrated.ts';
import { applyStoredLanguage } from '../i18n/index.ts';

// Runs once the page is live in the browser (hydrated, every HydrationBoundary included, or drawn there): a language
// chosen before the server could know it is applied, and <html data-hydrated> says the page now answers taps (the
// journeys wait for it). Rendered after the router, so its first effect runs after every effect of the page's first
// commit (the boundaries met in it are counted by then).
export function HydrationDone() {
  const hydrated = useHydrated();
  useEffect(() => markRootHydrated(), []);
  useEffect(() => {
    if (!hydrated) return;
    applyStoredLanguage();
    document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);
  return null;
}
