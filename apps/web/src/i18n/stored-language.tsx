import { useEffect } from 'react';
import { applyStoredLanguage } from './index.ts';

// Runs once the page has hydrated: a language chosen before the server could know it is applied now. Both the
// browser's tree and the server's render it in the same place, so React's generated ids (useId) match.
export function StoredLanguage() {
  useEffect(applyStoredLanguage, []);
  return null;
}
