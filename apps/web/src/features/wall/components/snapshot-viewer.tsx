// Full screen, one snapshot at a time: swipe left/right on the phone, arrow keys or the buttons elsewhere,
// Escape or the close button to leave. A modal Dialog: focus starts on the close button, stays inside, and goes
// back to the card it came from.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Snapshot } from '@nocturna/shared';
import { focusRing } from '../../../components/focus-ring.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SnapshotPhoto } from './snapshot-photo.tsx';

const SWIPE_PX = 50;

export function SnapshotViewer({
  snapshots,
  index,
  onIndex,
  onClose,
}: {
  snapshots: Snapshot[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('wall');
  const touch = useRef<{ x: number; y: number } | null>(null);
  const snapshot = snapshots[index];
  const go = (delta: number) => {
    const next = index + delta;
    if (next >= 0 && next < snapshots.length) onIndex(next);
  };
  const goRef = useRef(go);
  useLayoutEffect(() => {
    goRef.current = go;
  });

  // Escape is the dialog's own; the arrows step through the photos.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') goRef.current(1);
      else if (e.key === 'ArrowLeft') goRef.current(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!snapshot) return null;
  const name = snapshot.author.name;
  const nav = `grid size-12 place-items-center rounded-full bg-black/50 text-white hover:bg-black/70 disabled:opacity-30 ${focusRing}`;
  return (
    <Dialog
      open
      onClose={onClose}
      label={t('viewer.label', { name, index: index + 1, total: snapshots.length })}
      variant="fullscreen"
      testId="snapshot-viewer"
      className="bg-black/95 backdrop:bg-transparent"
    >
      <div
        className="flex h-full flex-col"
        onTouchStart={(e) => {
          const point = e.touches[0];
          if (point) touch.current = { x: point.clientX, y: point.clientY };
        }}
        onTouchEnd={(e) => {
          const start = touch.current;
          const point = e.changedTouches[0];
          touch.current = null;
          if (!start || !point) return;
          const dx = point.clientX - start.x;
          if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(point.clientY - start.y))
            go(dx < 0 ? 1 : -1);
        }}
      >
        <div className="flex items-center justify-between gap-3 px-4 py-3 text-white">
          <p className="min-w-0 truncate font-semibold">
            {name}{' '}
            <span className="font-normal text-white/60">
              · {index + 1}/{snapshots.length}
            </span>
          </p>
          <button type="button" onClick={onClose} aria-label={t('viewer.close')} className={nav}>
            <X aria-hidden className="size-6" />
          </button>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-2">
          <SnapshotPhoto
            key={snapshot.id}
            snapshot={snapshot}
            size="full"
            alt={t('card.photoOf', { name })}
            insetAlt={t('card.frontOf', { name })}
            className="aspect-[4/5] max-h-full w-full max-w-[min(100%,70dvh)] rounded-2xl"
          />
          <button
            type="button"
            onClick={() => go(-1)}
            disabled={index === 0}
            aria-label={t('viewer.previous')}
            className={`${nav} absolute left-3 hidden sm:grid`}
          >
            <ChevronLeft aria-hidden className="size-7" />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            disabled={index === snapshots.length - 1}
            aria-label={t('viewer.next')}
            className={`${nav} absolute right-3 hidden sm:grid`}
          >
            <ChevronRight aria-hidden className="size-7" />
          </button>
        </div>
        {snapshot.caption && <p className="px-5 pt-3 pb-6 text-center text-white">{snapshot.caption}</p>}
        {!snapshot.caption && <div className="pb-6" />}
      </div>
    </Dialog>
  );
}
