import type { ReactNode } from 'react';

// A row of cards that scrolls sideways on a phone and becomes a grid on a wide screen.
export function CardRail({ children }: { children: ReactNode }) {
  return (
    <div className="-mx-4 grid snap-x snap-mandatory scroll-px-4 auto-cols-[82%] grid-flow-col gap-4 overflow-x-auto px-4 pb-2 sm:auto-cols-[46%] lg:mx-0 lg:grid-flow-row lg:grid-cols-3 lg:overflow-visible lg:px-0 lg:scroll-px-0 [&>*]:snap-start">
      {children}
    </div>
  );
}
