// A native modal <dialog> drawn as a bottom sheet on phones and a centred card on wider screens: focus stays
// inside, Escape and the backdrop close it, the page behind is inert.
import { useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { focusRing } from '../../../components/focus-ring.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  titleId: string;
  closeLabel: string;
  children: ReactNode;
  className?: string;
};

export function SheetDialog({ open, onClose, titleId, closeLabel, children, className = '' }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal();
    if (!open && node.open) node.close();
  }, [open]);
  return (
    // A click on the backdrop closes it; keyboard users have Escape, native to <dialog>.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className={`m-0 mt-auto w-full max-w-none rounded-t-3xl border border-white/10 bg-night-900 p-0 text-white shadow-2xl backdrop:bg-black/70 backdrop:backdrop-blur-sm sm:m-auto sm:max-w-md sm:rounded-3xl ${className}`}
    >
      {open && (
        <div className="relative max-h-[90dvh] overflow-y-auto p-6">
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className={`absolute top-4 right-4 rounded-lg p-1.5 text-white/60 hover:bg-white/5 hover:text-white ${focusRing}`}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
          {children}
        </div>
      )}
    </dialog>
  );
}
