import { browserValue, useBrowserValue } from '../../components/use-hydrated.ts';
import { MOBILE_BREAKPOINT_PX } from '@nocturna/shared/constants';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
// The two layouts' media queries: the phone's bars below the breakpoint, the sidebar from it.
export const MOBILE_MEDIA = QUERY;
export const DESKTOP_MEDIA = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

// True below the 1024 px breakpoint (the drawer, mobile header and bottom bar take over).
// A server-rendered page is drawn and hydrated as the desktop layout, then takes the real breakpoint.
const isMobile = browserValue(subscribe, () => window.matchMedia(QUERY).matches, false);

export function useIsMobile(): boolean {
  return useBrowserValue(isMobile);
}
