import { useLayoutEffect, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// While `active`, Tab and Shift+Tab cycle inside the container; focus moves in on open and returns to
// whatever had it (the toggle button) on close. A layout effect: the trap is in place in the same commit that
// opens the drawer, so a Tab pressed right after opening (a fast hand, a busy phone) cannot slip out before it.
// Every Tab is moved by the trap itself, to the next element it can see in document order, rather than left to the
// browser at all but the ends: the browser's order skips what is hidden or still being drawn, and a Tab from
// what it took for the last element went out of the drawer.
export function useFocusTrap(container: RefObject<HTMLElement | null>, active: boolean) {
  useLayoutEffect(() => {
    const root = container.current;
    if (!active || !root) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () =>
      Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (element) => element.getClientRects().length > 0 && !element.closest('[inert]'),
      );
    (focusables()[0] ?? root).focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) return;
      event.preventDefault();
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey
        ? items[at <= 0 ? items.length - 1 : at - 1]!
        : items[at === -1 || at === items.length - 1 ? 0 : at + 1]!;
      next.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous?.isConnected) previous.focus();
    };
  }, [container, active]);
}
