// The part of the screen not covered by the on-screen keyboard. While the keyboard is open (the visual
// viewport under 75% of the window) the thread is laid over exactly that part, so the composer sits right on
// top of the keyboard on Android and iOS alike.
import { useEffect, useState } from 'react';
import { KEYBOARD_VIEWPORT_RATIO } from '@nocturna/shared/constants';

export type VisualViewportState = { keyboardOpen: boolean; height: number; offsetTop: number };

export function useVisualViewport(): VisualViewportState {
  const [state, setState] = useState<VisualViewportState>({ keyboardOpen: false, height: 0, offsetTop: 0 });
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () =>
      setState({
        keyboardOpen: viewport.height < window.innerHeight * KEYBOARD_VIEWPORT_RATIO,
        height: viewport.height,
        offsetTop: viewport.offsetTop,
      });
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, []);
  return state;
}
