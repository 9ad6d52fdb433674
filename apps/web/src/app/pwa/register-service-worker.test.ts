// The service worker is registered only with a network: offline, its registration waits for the network to return.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenOnline } from './register-service-worker.ts';

afterEach(() => vi.restoreAllMocks());

describe('whenOnline', () => {
  it('runs at once when the browser is online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const run = vi.fn();
    whenOnline(run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits while offline and runs once when the network returns', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const run = vi.fn();
    whenOnline(run);
    expect(run).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('online'));
    expect(run).toHaveBeenCalledTimes(1);
  });
});
