import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import {
  TOAST_DURATIONS_MS,
  TOAST_LIMIT,
  TOAST_MAX_WIDTH_PX,
  TOAST_REMOVE_DELAY_MS,
} from '@nocturna/shared/constants';
import { useTopDialog } from '../../components/ui/open-dialogs.ts';

// The product's toast settings. react-hot-toast's store already drops entries past its own cap (also 20), but
// that is an internal constant; the effect below states our limit and dismisses the oldest visible toasts
// past it (with their exit animation) as soon as a newer one arrives (the store lists newest first).
export const TOASTER_OPTIONS = {
  removeDelay: TOAST_REMOVE_DELAY_MS,
  duration: TOAST_DURATIONS_MS.blank,
  blank: { duration: TOAST_DURATIONS_MS.blank },
  error: { duration: TOAST_DURATIONS_MS.error },
  success: { duration: TOAST_DURATIONS_MS.success },
  loading: { duration: Number.POSITIVE_INFINITY },
  custom: { duration: TOAST_DURATIONS_MS.custom },
  style: {
    maxWidth: TOAST_MAX_WIDTH_PX,
    background: '#1b1030',
    color: '#fff',
    border: '1px solid rgba(255,255,255,0.1)',
    borderRadius: '14px',
    boxShadow: '0 12px 32px rgba(0,0,0,0.5)',
  },
  iconTheme: { primary: '#a855f7', secondary: '#fff' },
} as const;

export function overLimit<T extends { visible: boolean; id: string }>(
  toasts: readonly T[],
  limit = TOAST_LIMIT,
): T[] {
  return toasts.filter((t) => t.visible).slice(limit);
}

export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const extra of overLimit(toasts)) toast.dismiss(extra.id);
  }, [toasts]);
  // While a modal dialog is open the toasts are drawn inside it: outside, they would sit under it, inert and
  // unread (a failed sign-in's toast, behind the sign-in dialog).
  const dialog = useTopDialog();
  // Below the fixed mobile header (64 px) so a toast never hides the menu button.
  const toaster = (
    <Toaster position="top-right" toastOptions={TOASTER_OPTIONS} containerStyle={{ top: 72, right: 16 }} />
  );
  return dialog ? createPortal(toaster, dialog) : toaster;
}
