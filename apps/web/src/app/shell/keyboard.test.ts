import { describe, expect, it } from 'vitest';
import { isKeyboardOpen } from './keyboard.ts';

describe('on-screen keyboard detection (viewport under 75% of the window height)', () => {
  it('is closed when the viewport fills the window', () => expect(isKeyboardOpen(844, 844)).toBe(false));
  it('is closed at exactly 75%', () => expect(isKeyboardOpen(633, 844)).toBe(false));
  it('is open just under 75%', () => expect(isKeyboardOpen(632.9, 844)).toBe(true));
  it('is open with a typical phone keyboard', () => expect(isKeyboardOpen(480, 844)).toBe(true));
  it('ignores a zero-height window', () => expect(isKeyboardOpen(0, 0)).toBe(false));
});
