import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIDEBAR_RESIZE_EVENT_DELAY_MS } from '@nocturna/shared/constants';
import { SIDEBAR_STORAGE_KEY, useSidebarCollapsed } from './use-sidebar-collapsed.ts';

describe('sidebar collapsed state', () => {
  beforeEach(() => {
    localStorage.clear();
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
});
