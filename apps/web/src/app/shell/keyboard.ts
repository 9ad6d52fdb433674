import { KEYBOARD_VIEWPORT_RATIO } from '@nocturna/shared/constants';

// The on-screen keyboard is open when the visual viewport is under 75% of the window height.
export function isKeyboardOpen(viewportHeight: number, windowHeight: number): boolean {
  if (windowHeight <= 0) return false;
  return viewportHeight < windowHeight * KEYBOARD_VIEWPORT_RATIO;
}
