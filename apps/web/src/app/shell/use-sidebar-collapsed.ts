import { useCallback, useEffect, useRef, useState } from 'react';
import { SIDEBAR_RESIZE_EVENT_DELAY_MS } from '@nocturna/shared/constants';

export const SIDEBAR_STORAGE_KEY = 'nocturna.sidebarCollapsed';

function readStored(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

// The collapsed state lives in localStorage (spec §2). Charts and maps size themselves on window resize,
// so a resize event is dispatched once the 220 ms width transition has finished (spec §9).
export function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(readStored);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const toggle = useCallback(() => {
    setCollapsed((previous) => {
      const next = !previous;
      try {
        window.localStorage.setItem(SIDEBAR_STORAGE_KEY, String(next));
      } catch {
        // private mode: the state still works for this visit
      }
      return next;
    });
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => window.dispatchEvent(new Event('resize')),
      SIDEBAR_RESIZE_EVENT_DELAY_MS,
    );
  }, []);

  return { collapsed, toggle };
}
