import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useHydrated } from '../../components/use-hydrated.ts';
import { drawerReducer, initialDrawerState } from './drawer-rules.ts';

// Wires the drawer rules to the browser: route changes, viewport changes, Escape and the scroll lock.
export function useDrawer(isMobile: boolean, pathname: string) {
  const [state, dispatch] = useReducer(drawerReducer, initialDrawerState);
  const firstRender = useRef(true);

  // Only a real crossing of the breakpoint closes it: on a server-rendered page `isMobile` starts as the server drew
  // it and turns into the browser's own once the page has hydrated, which is no crossing (a drawer opened by a tap
  // while the page hydrated stays open). The last value is kept, so running the effect twice changes nothing.
  const hydrated = useHydrated();
  const lastViewport = useRef<boolean | null>(null);
  useEffect(() => {
    if (!hydrated) return;
    if (lastViewport.current !== null && lastViewport.current !== isMobile)
      dispatch({ type: 'viewport', isMobile });
    lastViewport.current = isMobile;
  }, [hydrated, isMobile]);

  // A route change closes it, unless the page that arrives is the one whose address the browser already showed when
  // the drawer was opened: the router changes the address as soon as a page is asked for, but draws it (and hands the
  // shell its pathname) only once its code and data are in. A person who tapped a link and reopened the drawer
  // while that page loaded keeps the drawer they opened.
  const openedAt = useRef<string | null>(null);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const arrivedWhereOpened = pathname === openedAt.current;
    openedAt.current = null;
    if (!arrivedWhereOpened) dispatch({ type: 'close', reason: 'route' });
  }, [pathname]);

  // Escape is heard from the start, not from the open drawer's effect: effects run after the next frame, and an
  // Escape pressed right after opening (before that frame) would be lost. Closing a closed drawer changes nothing.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch({ type: 'close', reason: 'escape' });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!state.open) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [state.open]);

  // Stable callbacks: the shell's bars are memoised and redraw only when what they show changes.
  const toggle = useCallback(() => {
    openedAt.current = window.location.pathname;
    dispatch({ type: 'toggle' });
  }, []);
  const close = useCallback(
    (reason: 'overlay' | 'escape' | 'link') => dispatch({ type: 'close', reason }),
    [],
  );
  return { open: state.open, toggle, close };
}
