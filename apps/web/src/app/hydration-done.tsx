import { useEffect } from 'react';
import { useHydrated } from '../components/use-hydrated.ts';
import { applyStoredLanguage } from '../i18n/index.ts';

// Runs once the page is live in the browser (hydrated, every deferred part included, or drawn there): a language
// chosen before the server could know it is applied, and <html data-hydrated> says the page now answers taps (the
// journeys wait for it).
// Both the browser's tree and the server's render it in the same place, so React's useId values match.
export function HydrationDone() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    applyStoredLanguage();
    document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);
  return null;
}
