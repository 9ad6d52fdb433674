// A centred dialog over a dimmed page: Escape and the backdrop close it (when closable), focus moves inside.
import { useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { focusRing } from '../../../components/focus-ring.ts';

export function ModalFrame({
  titleId,
  onClose,
  closeLabel,
  children,
}: {
  titleId: string;
  onClose?: () => void;
  closeLabel: string;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('input, button:not([data-close])')?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose?.();
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-[80] flex items-end justify-center sm:items-center sm:p-4">
      <div className="absolute inset-0 bg-black/70 backdrop-blur-sm" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative max-h-[92dvh] w-full overflow-y-auto rounded-t-3xl border border-white/10 bg-night-900 p-6 shadow-2xl sm:max-w-md sm:rounded-3xl"
      >
        {onClose && (
          <button
            type="button"
            data-close
            onClick={onClose}
            aria-label={closeLabel}
            className={`absolute top-4 right-4 rounded-lg p-1.5 text-white/60 hover:bg-white/5 hover:text-white ${focusRing}`}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        )}
        {children}
      </div>
    </div>
  );
}
