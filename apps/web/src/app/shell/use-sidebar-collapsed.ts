import { useCallback, useEffect, useRef } from 'react';
import { SIDEBAR_RESIZE_EVENT_DELAY_MS } from '@nocturna/shared/constants';
import { browserValue, useBrowserValue } from '../../components/use-hydrated.ts';
import { DESKTOP_MEDIA } from './use-is-mobile.ts';

export const SIDEBAR_STORAGE_KEY = 'nocturna.sidebarCollapsed';

const listeners = new Set<() => void>();
let memory: boolean | null = null; // private mode: the choice still holds for this visit

function readStored(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_STORAGE_KEY) === 'true';
  } catch {
    return memory ?? false;
  }
}

function store(collapsed: boolean) {
  memory = collapsed;
  try {
    window.localStorage.setItem(SIDEBAR_STORAGE_KEY, String(collapsed));
  } catch {
    // private mode: kept in memory above
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const desktop = window.matchMedia(DESKTOP_MEDIA);
  desktop.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    desktop.removeEventListener('change', listener);
  };
}

// Below the breakpoint there is no sidebar: a phone does not read the stored state (a page's first localStorage
// read opens the storage area, a few milliseconds of its main thread in the redraw after hydrating) until the
// screen crosses it.
const readShown = () => window.matchMedia(DESKTOP_MEDIA).matches && readStored();

// The collapsed state lives in localStorage. A server-rendered page is drawn expanded (the server
// cannot read localStorage) and hydrates so, then takes the stored state once the page has hydrated (on a screen
// wide enough for the sidebar). Charts and
// maps size themselves on window resize, so a resize event is dispatched once the 220 ms width transition
// has finished.
const stored = browserValue(subscribe, readShown, false);

export function useSidebarCollapsed() {
  const collapsed = useBrowserValue(stored);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const toggle = useCallback(() => {
    store(!readStored());
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => window.dispatchEvent(new Event('resize')),
      SIDEBAR_RESIZE_EVENT_DELAY_MS,
    );
  }, []);

  return { collapsed, toggle };
}
