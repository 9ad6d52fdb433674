import { useEffect } from 'react';
import { applyStoredLanguage } from '../i18n/index.ts';

// Runs once the page is live in the browser (hydrated, or drawn there): a language chosen before the server
// could know it is applied, and <html data-hydrated> says the page now answers taps (the journeys wait for it).
// Both the browser's tree and the server's render it in the same place, so React's useId values match.
export function HydrationDone() {
  useEffect(() => {
    applyStoredLanguage();
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
