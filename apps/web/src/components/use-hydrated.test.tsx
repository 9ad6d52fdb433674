// A server-rendered page counts as hydrated only a task after its last deferred part (parts inside parts
// included): browser-only values (the breakpoint, the stored sidebar state, the session) switch then, in a
// re-render of their own, never inside a hydration task.
import { useEffect, useSyncExternalStore } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUERY_STATE_GLOBAL } from '../ssr/query-state.ts';
import type * as HydratedModule from './use-hydrated.ts';
import type * as LaterModule from './hydration/hydrate-later.tsx';

let hydratedModule: typeof HydratedModule;
let later: typeof LaterModule;

// A value only the browser knows, and who is listening to it.
let browserWidth = 390;
const widthListeners = new Set<() => void>();
const subscribeWidth = (listener: () => void) => {
  widthListeners.add(listener);
  return () => void widthListeners.delete(listener);
};

beforeAll(async () => {
  // The page came from the server: its query state is in the window before the app's modules run.
  Object.assign(window, { [QUERY_STATE_GLOBAL]: { queries: [], mutations: [] } });
  hydratedModule = await import('./use-hydrated.ts');
  later = await import('./hydration/hydrate-later.tsx');
});

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('useHydrated on a server-rendered page', () => {
  it('turns true a task after the last deferred part, and browser values take over then', async () => {
    const { useHydrated, browserValue } = hydratedModule;
    const { HydrateLater, hydrateServerHtml } = later;
    const width = browserValue(subscribeWidth, () => browserWidth, 1280);
    function Status() {
      const live = useHydrated();
      const shown = useSyncExternalStore(width.subscribe, width.getSnapshot, width.getServerSnapshot);
      return (
        <p data-testid="status">
          {live ? 'live' : 'static'} {shown}
        </p>
      );
    }
    const live: string[] = [];
    function Part({ name, children }: { name: string; children?: React.ReactNode }) {
      useEffect(() => void live.push(name), [name]);
      return (
        <section>
          <h2>{name}</h2>
          {children}
        </section>
      );
    }
    const Page = () => (
      <main>
        <Status />
        <HydrateLater>
          <Part name="section">
            <HydrateLater>
              <Part name="card" />
            </HydrateLater>
          </Part>
        </HydrateLater>
      </main>
    );

    const root = document.createElement('div');
    root.innerHTML = renderToString(<Page />);
    document.body.append(root);
    const status = () => root.querySelector('[data-testid="status"]')!.textContent;
    expect(status()).toBe('static 1280');

    await act(async () => hydrateServerHtml(() => hydrateRoot(root, <Page />)));
    expect(status()).toBe('static 1280');
    const sections = [...root.querySelectorAll('section')];
    expect(live).toEqual([]);
    await act(nextTask); // the section hydrates; the card inside it waits for a task of its own
    expect(live).toEqual(['section']);
    expect(status()).toBe('static 1280');
    await act(nextTask); // the card hydrates
    expect(live).toEqual(['section', 'card']);
    expect(status()).toBe('static 1280');
    await act(nextTask); // a task after the last part
    expect(status()).toBe('live 390');

    // From then on the browser's value is followed.
    browserWidth = 1024;
    await act(async () => widthListeners.forEach((listener) => listener()));
    expect(status()).toBe('live 1024');
    // The very nodes the server drew.
    expect([...root.querySelectorAll('section')]).toEqual(sections);
  });
});
