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

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    dispatch({ type: 'close', reason: 'route' });
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
  const toggle = useCallback(() => dispatch({ type: 'toggle' }), []);
  const close = useCallback(
    (reason: 'overlay' | 'escape' | 'link') => dispatch({ type: 'close', reason }),
    [],
  );
  return { open: state.open, toggle, close };
}
