import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import './i18n/index.ts';

// findBy… and waitFor wait for a condition; their limit only guards against a hang. Testing Library's default of
// one second failed units on a loaded CI machine (a query answered in-process still took longer to render), so the
// limit is far above any honest wait and a slow machine only makes a unit slower, never red.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => cleanup());

// jsdom has no showModal() or close(): these stand in for them (the open attribute, and the close event a moment
// later, as a browser queues it) so a unit can open the app's Dialog. What only a browser does (the inert page,
// Escape firing `cancel`, Tab) is checked in the journeys.
if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.open = true;
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.open = false;
      setTimeout(() => this.dispatchEvent(new Event('close')));
    },
  });
}
