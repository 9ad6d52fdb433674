// The phone's list: a sheet over the bottom of the map, peeking with the count, pulled up with its handle.
import { ChevronUp } from 'lucide-react';
import type { ReactNode } from 'react';

type Props = { open: boolean; onToggle: () => void; title: string; children: ReactNode };

export function BottomSheet({ open, onToggle, title, children }: Props) {
  return (
    <section
      data-testid="explore-sheet"
      data-state={open ? 'open' : 'peek'}
      aria-label={title}
      className={`absolute inset-x-0 bottom-0 z-10 flex flex-col rounded-t-3xl border-t border-night-700 bg-night-950/95 shadow-[0_-12px_32px_rgba(0,0,0,0.5)] backdrop-blur-md transition-[height] duration-300 ${
        open ? 'h-[78%]' : 'h-28'
      }`}
    >
      <button
        type="button"
        aria-expanded={open}
        onClick={onToggle}
        className="flex w-full shrink-0 flex-col items-center gap-2 px-4 pt-2 pb-3 focus-visible:outline-none"
      >
        <span aria-hidden className="h-1.5 w-12 rounded-full bg-white/25" />
        <span className="flex w-full items-center justify-between text-sm font-semibold text-white">
          {title}
          <ChevronUp aria-hidden className={`size-5 transition-transform ${open ? 'rotate-180' : ''}`} />
        </span>
      </button>
      <div className={`min-h-0 flex-1 overflow-y-auto px-4 pb-4 ${open ? '' : 'invisible'}`}>{children}</div>
    </section>
  );
}
