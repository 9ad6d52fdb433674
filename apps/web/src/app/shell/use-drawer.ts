import { useCallback, useEffect, useReducer, useRef } from 'react';
import { drawerReducer, initialDrawerState } from './drawer-rules.ts';

// Wires the drawer rules to the browser: route changes, viewport changes, Escape and the scroll lock.
export function useDrawer(isMobile: boolean, pathname: string) {
  const [state, dispatch] = useReducer(drawerReducer, initialDrawerState);
  const firstRender = useRef(true);

  useEffect(() => {
    dispatch({ type: 'viewport', isMobile });
  }, [isMobile]);

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
