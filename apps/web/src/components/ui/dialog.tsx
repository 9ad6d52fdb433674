// The app's one modal: a native <dialog> opened with showModal(), so focus stays inside, Escape closes it and the
// page behind is inert. `sheet` (the default) is a bottom sheet on phones and a centred card on wider screens;
// `fullscreen` fills the screen and `drawer` slides a full-height panel from the left, both drawn by the caller
// (colours, close button). ConfirmDialog asks before an action, in place of the browser's window.confirm.
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Loader2, X } from 'lucide-react';
import { focusRing } from '../focus-ring.ts';
import { buttonTone } from './button.tsx';
import { keepTabInside, useModal } from './use-modal.ts';

const VARIANTS = {
  sheet:
    'm-0 mt-auto w-full max-w-none rounded-t-3xl border border-white/10 bg-night-900 p-0 text-white shadow-2xl backdrop:bg-black/70 backdrop:backdrop-blur-sm sm:m-auto sm:max-w-md sm:rounded-3xl',
  fullscreen: 'm-0 h-dvh max-h-none w-screen max-w-none p-0',
  drawer: 'm-0 mr-auto h-dvh max-h-none p-0',
} as const;

type Props = {
  open: boolean;
  // Escape, the backdrop and the close button ask for it; without it the dialog cannot be dismissed.
  onClose?: () => void;
  titleId?: string;
  // The dialog's name when no heading inside names it.
  label?: string;
  descriptionId?: string;
  // The close button in the sheet's corner; a dialog that draws its own leaves it out.
  closeLabel?: string;
  children: ReactNode;
  className?: string;
  variant?: keyof typeof VARIANTS;
  // A selector for the element focused on opening, instead of the first focusable one.
  initialFocus?: string;
  role?: 'alertdialog';
  testId?: string;
};

export function Dialog({
  open,
  onClose,
  titleId,
  label,
  descriptionId,
  closeLabel,
  children,
  className = '',
  variant = 'sheet',
  initialFocus,
  role,
  testId,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const latest = useRef({ open, onClose });
  useLayoutEffect(() => {
    latest.current = { open, onClose };
  });
  useModal(dialog, open, initialFocus);
  return (
    // A click on the backdrop (which lands on the <dialog> itself) closes a sheet or a drawer; keyboard users have
    // Escape, native to <dialog>. A full-screen dialog has no backdrop to click.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      role={role}
      aria-labelledby={titleId}
      aria-label={titleId ? undefined : label}
      aria-describedby={descriptionId}
      data-testid={testId}
      // React passes a nested dialog's cancel and close events up to this one too: each answers only its own.
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose?.();
      }}
      onClose={(event) => {
        // The browser closed it on its own (a second Escape with no click between is not cancelable): tell the
        // owner, and open it again on the next frame if the owner keeps it open.
        const node = event.currentTarget;
        if (event.target !== node || !latest.current.open) return;
        latest.current.onClose?.();
        requestAnimationFrame(() => {
          if (latest.current.open && node.isConnected && !node.open) node.showModal();
        });
      }}
      onClick={(event) => variant !== 'fullscreen' && event.target === event.currentTarget && onClose?.()}
      onKeyDown={keepTabInside}
      className={`${VARIANTS[variant]} ${className}`}
    >
      {open &&
        (variant === 'sheet' ? (
          // On a phone the sheet's last buttons stay above the home indicator.
          <div className="relative max-h-[90dvh] overflow-y-auto p-6 pb-[max(1.5rem,env(safe-area-inset-bottom))]">
            {onClose && closeLabel && (
              <button
                type="button"
                data-dialog-close
                onClick={onClose}
                aria-label={closeLabel}
                className={`absolute top-4 right-4 rounded-lg p-1.5 text-white/60 hover:bg-white/5 hover:text-white ${focusRing}`}
              >
                <X className="size-5" aria-hidden="true" />
              </button>
            )}
            {children}
          </div>
        ) : (
          children
        ))}
    </dialog>
  );
}

type ConfirmProps = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  // `danger` for what cannot be undone or takes something away: the confirm button turns red (a red dark enough for
  // white text to read at 4.5:1; the flame pink of the other buttons gives 3.7:1).
  tone?: 'default' | 'danger';
  // The action; while the promise it returns is pending both buttons wait and Escape does nothing. It shows its
  // own failure (a toast); the dialog closes once it has settled, either way.
  onConfirm: () => unknown;
  onClose: () => void;
};

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  tone = 'default',
  onConfirm,
  onClose,
}: ConfirmProps) {
  const titleId = useId();
  const messageId = useId();
  const [busy, setBusy] = useState(false);
  // A second click before React draws the busy state must not run the action again.
  const running = useRef(false);
  const cancel = () => {
    if (!running.current) onClose();
  };
  const confirm = () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    const done = () => {
      running.current = false;
      setBusy(false);
      onClose();
    };
    void new Promise((resolve) => resolve(onConfirm())).then(done, done);
  };
  const button = `flex min-h-12 flex-1 items-center justify-center gap-2 rounded-xl px-3 py-3 font-semibold aria-disabled:opacity-60 ${focusRing}`;
  return (
    <Dialog
      open={open}
      onClose={cancel}
      titleId={titleId}
      descriptionId={messageId}
      role="alertdialog"
      initialFocus="[data-confirm-cancel]"
      testId="confirm-dialog"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {title}
      </h2>
      <p id={messageId} className="mt-3 text-white/75">
        {message}
      </p>
      <div className="mt-6 flex gap-2">
        <button
          type="button"
          data-confirm-cancel
          onClick={cancel}
          aria-disabled={busy}
          className={`${button} border border-white/20 hover:bg-white/5`}
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={confirm}
          aria-disabled={busy}
          className={`${button} ${buttonTone[tone === 'danger' ? 'danger' : 'primary']}`}
        >
          {busy && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
