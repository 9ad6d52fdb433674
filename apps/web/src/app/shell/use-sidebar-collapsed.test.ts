import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIDEBAR_RESIZE_EVENT_DELAY_MS } from '@nocturna/shared/constants';
import { SIDEBAR_STORAGE_KEY, useSidebarCollapsed } from './use-sidebar-collapsed.ts';
import { DESKTOP_MEDIA } from './use-is-mobile.ts';

// The browser's matchMedia (jsdom has none), driven by the test as a window resize would.
let wide = true;
const changeListeners = new Set<() => void>();
const matchMedia = (query: string) =>
  ({
    get matches() {
      return query === DESKTOP_MEDIA && wide;
    },
    addEventListener: (_: string, listener: () => void) => void changeListeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => void changeListeners.delete(listener),
  }) as unknown as MediaQueryList;

describe('sidebar collapsed state', () => {
  beforeEach(() => {
    localStorage.clear();
    wide = true;
    Object.assign(window, { matchMedia });
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('starts expanded and remembers a collapse in localStorage', () => {
    const first = renderHook(() => useSidebarCollapsed());
    expect(first.result.current.collapsed).toBe(false);
    act(() => first.result.current.toggle());
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('true');
    first.unmount();
    expect(renderHook(() => useSidebarCollapsed()).result.current.collapsed).toBe(true);
  });

  it('dispatches a window resize event 220 ms after a change, not before', () => {
    const onResize = vi.fn();
    window.addEventListener('resize', onResize);
    const { result } = renderHook(() => useSidebarCollapsed());
    act(() => {
      result.current.toggle();
    });
    act(() => {
      vi.advanceTimersByTime(SIDEBAR_RESIZE_EVENT_DELAY_MS - 1);
    });
    expect(onResize).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onResize).toHaveBeenCalledTimes(1);
    window.removeEventListener('resize', onResize);
  });

  it('reads no stored state on a phone, and shows it once the screen is wide enough for the sidebar', () => {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, 'true');
    wide = false;
    const reads = vi.spyOn(Storage.prototype, 'getItem');
    const { result } = renderHook(() => useSidebarCollapsed());
    expect(result.current.collapsed).toBe(false);
    expect(reads).not.toHaveBeenCalled();
    act(() => {
      wide = true;
      for (const listener of [...changeListeners]) listener();
    });
    expect(result.current.collapsed).toBe(true);
    reads.mockRestore();
  });
});
