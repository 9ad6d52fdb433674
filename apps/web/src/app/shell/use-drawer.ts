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

  useEffect(() => {
    if (!state.open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch({ type: 'close', reason: 'escape' });
    };
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
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
