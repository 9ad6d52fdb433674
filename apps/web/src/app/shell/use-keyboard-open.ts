import { useEffect, useState } from 'react';
import { isKeyboardOpen } from './keyboard.ts';

// Watches the visual viewport: when the on-screen keyboard takes a quarter of the screen, the bottom bar steps aside.
export function useKeyboardOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => setOpen(isKeyboardOpen(viewport.height, window.innerHeight));
    // The first reading waits for the next frame: read during hydration it would force a layout mid-task.
    const first = requestAnimationFrame(update);
    viewport.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(first);
      viewport.removeEventListener('resize', update);
    };
  }, []);
  return open;
}
