import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDrawer } from './use-drawer.ts';

describe('useDrawer in the browser', () => {
  it('locks page scroll while open and restores it on close', () => {
    const { result } = renderHook(({ path }) => useDrawer(true, path), { initialProps: { path: '/' } });
    act(() => result.current.toggle());
    expect(result.current.open).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
    act(() => result.current.close('overlay'));
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on Escape', () => {
    const { result } = renderHook(() => useDrawer(true, '/'));
    act(() => result.current.toggle());
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(result.current.open).toBe(false);
  });

  it('closes on Escape pressed right after opening, before the open drawer has drawn', () => {
    const { result } = renderHook(() => useDrawer(true, '/'));
    act(() => {
      result.current.toggle();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(result.current.open).toBe(false);
  });

  it('closes on a route change', () => {
    const { result, rerender } = renderHook(({ path }) => useDrawer(true, path), {
      initialProps: { path: '/' },
    });
    act(() => result.current.toggle());
    rerender({ path: '/eventos' });
    expect(result.current.open).toBe(false);
  });

  it('stays open when the page the address already showed arrives after it was opened', () => {
    // A link was tapped: the address is already the new page's, whose code and data are still on their way.
    window.history.pushState(null, '', '/discotecas');
    const { result, rerender } = renderHook(({ path }) => useDrawer(true, path), {
      initialProps: { path: '/' },
    });
    act(() => result.current.toggle());
    rerender({ path: '/discotecas' });
    expect(result.current.open).toBe(true);
    // A later change of page still closes it.
    window.history.pushState(null, '', '/eventos');
    rerender({ path: '/eventos' });
    expect(result.current.open).toBe(false);
    window.history.pushState(null, '', '/');
  });

  it('is forced closed when the viewport changes', () => {
    const { result, rerender } = renderHook(({ mobile }) => useDrawer(mobile, '/'), {
      initialProps: { mobile: true },
    });
    act(() => result.current.toggle());
    rerender({ mobile: false });
    expect(result.current.open).toBe(false);
  });
});
