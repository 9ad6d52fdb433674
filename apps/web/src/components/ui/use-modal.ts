// What makes a native <dialog> a modal the same way everywhere: showModal() while `open` (the page behind turns
// inert, Escape fires `cancel`), close() when it closes or unmounts, focus moved in and given back to what had it,
// the page behind kept from scrolling, Tab kept inside, and the toasts drawn inside it (open-dialogs.ts).
import { useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';
import { addOpenDialog } from './open-dialogs.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

// A layout effect, so the dialog is open in the same commit that draws its content, and closed (focus handed back)
// before React takes its element out of the page on unmount.
export function useModal(
  dialog: RefObject<HTMLDialogElement | null>,
  open: boolean,
  initialFocus: string | undefined,
) {
  useLayoutEffect(() => {
    const node = dialog.current;
    if (!open || !node) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!node.open) node.showModal();
    const release = addOpenDialog(node);
    // showModal() focuses the first focusable element; a dialog may name a better start (a confirm's "Cancel").
    if (initialFocus) node.querySelector<HTMLElement>(initialFocus)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      release();
      if (node.open) node.close();
      if (previous?.isConnected) previous.focus();
    };
  }, [dialog, open, initialFocus]);
}

const tabbable = (dialog: HTMLDialogElement) =>
  Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) =>
      element.closest('dialog') === dialog &&
      element.tabIndex >= 0 &&
      element.getClientRects().length > 0 &&
      !element.closest('[inert]'),
  );

// The page behind is inert, but Chromium still lets Tab leave the last element for the browser's own controls
// (and, headless, for nothing at all); this wraps Tab from the last element to the first and Shift+Tab back.
// A dialog opened inside this one keeps its own Tab: the event reaches this one only after it.
export function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const dialog = event.currentTarget;
  const active = document.activeElement;
  if (active !== dialog && active?.closest('dialog') !== dialog) return;
  const items = tabbable(dialog);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  if (event.shiftKey ? active === first || active === dialog : active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}
