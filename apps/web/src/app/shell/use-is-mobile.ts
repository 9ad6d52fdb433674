import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@nocturna/shared/constants';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

// True below the 1024 px breakpoint of spec §9 (the drawer, mobile header and bottom bar take over).
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
