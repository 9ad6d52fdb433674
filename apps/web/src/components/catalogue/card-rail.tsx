import type { ReactNode } from 'react';

const SIDEWAYS =
  '-mx-4 snap-x snap-mandatory scroll-px-4 auto-cols-[82%] grid-flow-col gap-4 overflow-x-auto px-4 pb-2 sm:auto-cols-[46%] [&>*]:snap-start';
// On a phone one under another, the first four only; from sm up the same sideways row as SIDEWAYS.
const LIST_ON_PHONE =
  'grid-cols-1 gap-3 max-sm:[&>*:nth-child(n+5)]:hidden sm:-mx-4 sm:grid-cols-none sm:snap-x sm:snap-mandatory sm:scroll-px-4 sm:auto-cols-[46%] sm:grid-flow-col sm:gap-4 sm:overflow-x-auto sm:px-4 sm:pb-2 sm:[&>*]:snap-start';

// A row of cards that scrolls sideways on a phone and becomes a grid on a wide screen. `listOnPhone`: on a phone,
// the first four one under another instead (event cards are compact rows there, so a screen holds several), with
// the section's "Ver todo" for the rest.
export function CardRail({ children, listOnPhone = false }: { children: ReactNode; listOnPhone?: boolean }) {
  return (
    <div
      className={`grid ${listOnPhone ? LIST_ON_PHONE : SIDEWAYS} lg:mx-0 lg:grid-flow-row lg:grid-cols-3 lg:overflow-visible lg:px-0 lg:scroll-px-0`}
    >
      {children}
    </div>
  );
}
