// "Más opciones" on another person's profile: report them (the admins' queue), or block them after a second click
// that says what it means.
import { Ban, Flag, MoreHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import { useConnectionAction } from '../../connections/api/use-connection-action.ts';
import { ReportDialog } from '../../reports/index.ts';

// onBlocking runs at once, before the server answers, so the page stops showing (and re-reading) a profile that
// is about to answer 404; onBlockFailed undoes it.
type Props = { userId: string; name: string; onBlocking: () => void; onBlockFailed: () => void };

export function UserMenu({ userId, name, onBlocking, onBlockFailed }: Props) {
  const { t } = useTranslation('profiles');
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const action = useConnectionAction();
  const wrapper = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    first.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onPointer = (event: PointerEvent) =>
      !wrapper.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const block = () => {
    if (!confirming) return setConfirming(true);
    setOpen(false);
    onBlocking();
    action.mutate(
      { action: 'block', userId },
      {
        onError: () => {
          onBlockFailed();
          toast.error(t('blockFailed'));
        },
      },
    );
  };

  return (
    <div ref={wrapper} className="relative">
      {reporting && (
        <ReportDialog target={{ kind: 'user', userId, name }} open onClose={() => setReporting(false)} />
      )}
      <button
        type="button"
        aria-label={t('moreOptions')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setConfirming(false);
          setOpen((v) => !v);
        }}
        className={`grid size-10 place-items-center rounded-full border border-white/15 text-white/70 hover:text-white ${focusRing}`}
      >
        <MoreHorizontal aria-hidden className="size-5" />
      </button>
      {open && (
        <div
          id={id}
          role="menu"
          aria-label={t('moreOptions')}
          className="absolute right-0 z-20 mt-2 w-64 rounded-2xl border border-white/10 bg-night-800 p-2 shadow-xl"
        >
          <button
            ref={first}
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              setReporting(true);
            }}
            className={`flex w-full items-center gap-2 rounded-xl px-3 py-2 text-left text-sm text-white/85 hover:bg-white/5 ${focusRing}`}
          >
            <Flag aria-hidden className="size-4 shrink-0" />
            <span className="font-semibold">{t('report', { name })}</span>
          </button>
          <button
            type="button"
            role="menuitem"
            disabled={action.isPending}
            onClick={block}
            className={`flex w-full items-start gap-2 rounded-xl px-3 py-2 text-left text-sm hover:bg-flame-500/10 ${focusRing} ${confirming ? 'bg-flame-500/15 text-flame-500' : 'text-white/85'}`}
          >
            <Ban aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              <span className="block font-semibold">
                {confirming ? t('blockConfirm', { name }) : t('block', { name })}
              </span>
              {confirming && <span className="mt-0.5 block text-xs text-white/60">{t('blockExplain')}</span>}
            </span>
          </button>
        </div>
      )}
    </div>
  );
}
