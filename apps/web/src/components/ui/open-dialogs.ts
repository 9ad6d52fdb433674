// The modal dialogs open now, the innermost last. Anything outside the innermost one is drawn under it and is inert
// (hidden from screen readers too), so what must show above every dialog (the toasts) is put inside it.
import { useSyncExternalStore } from 'react';

const open: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

// Called as a dialog opens; the function it returns is called as it closes.
export function addOpenDialog(dialog: HTMLDialogElement): () => void {
  open.push(dialog);
  changed();
  return () => {
    const at = open.indexOf(dialog);
    if (at !== -1) open.splice(at, 1);
    changed();
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

// The innermost open modal dialog, or null when none is open (always null on the server).
export const useTopDialog = (): HTMLDialogElement | null =>
  useSyncExternalStore(
    subscribe,
    () => open[open.length - 1] ?? null,
    () => null,
  );
