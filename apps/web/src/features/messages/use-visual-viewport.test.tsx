import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useVisualViewport } from './use-visual-viewport.ts';

// jsdom has no visual viewport; this stands in for the browser's, the part of the page the keyboard leaves.
class FakeViewport extends EventTarget {
  height = 844;
  offsetTop = 0;
}
const original = Object.getOwnPropertyDescriptor(window, 'visualViewport');
afterEach(() => {
  if (original) Object.defineProperty(window, 'visualViewport', original);
  else delete (window as { visualViewport?: unknown }).visualViewport;
});

describe('the thread follows the on-screen keyboard', () => {
  it('reports the visible height and offset once the keyboard takes more than a quarter of the screen', () => {
    const viewport = new FakeViewport();
    Object.defineProperty(window, 'visualViewport', { configurable: true, value: viewport });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
    const { result } = renderHook(() => useVisualViewport());
    expect(result.current).toEqual({ keyboardOpen: false, height: 844, offsetTop: 0 });

    act(() => {
      viewport.height = 500;
      viewport.offsetTop = 120;
      viewport.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toEqual({ keyboardOpen: true, height: 500, offsetTop: 120 });

    act(() => {
      viewport.height = 800;
      viewport.offsetTop = 0;
      viewport.dispatchEvent(new Event('scroll'));
    });
    expect(result.current.keyboardOpen).toBe(false);
  });
});
