// A server-rendered page hydrates part by part (HydrationBoundary, a <Suspense> boundary React hydrates on its own):
// the server's DOM stays as it is, a part whose code is still loading waits for it, a tap on a part not hydrated yet
// takes effect, and the page counts as hydrated only once every part has; browser-only values (the breakpoint, the
// stored sidebar state, the session) switch then, in a render of their own.
import { lazy, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_STATE_GLOBAL } from '../ssr/query-state.ts';
import type * as HydratedModule from './use-hydrated.ts';
import type * as BoundaryModule from './hydration/hydration-boundary.tsx';

let hydratedModule: typeof HydratedModule;
let boundary: typeof BoundaryModule;

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
  boundary = await import('./hydration/hydration-boundary.tsx');
});

afterEach(() => {
  document.body.innerHTML = '';
});

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const live: string[] = [];

function Part({ name, children }: { name: string; children?: ReactNode }) {
  const [clicks, setClicks] = useState(0);
  useEffect(() => void live.push(name), [name]);
  return (
    <section data-name={name}>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        {name}: {clicks}
      </button>
      {children}
    </section>
  );
}

describe('a server-rendered page hydrating part by part', () => {
  it('keeps the server DOM, waits for a lazy part, and counts as hydrated after the last part', async () => {
    const { useHydrated, browserValue } = hydratedModule;
    const { HydrationBoundary } = boundary;
    // The root's first commit, as the app's HydrationDone reports it.
    function RootCommitted() {
      useEffect(() => hydratedModule.markRootHydrated(), []);
      return null;
    }
    const width = browserValue(subscribeWidth, () => browserWidth, 1280);
    function Status() {
      const hydrated = useHydrated();
      const shown = useSyncExternalStore(width.subscribe, width.getSnapshot, width.getServerSnapshot);
      return (
        <p data-testid="status">
          {hydrated ? 'live' : 'static'} {shown}
        </p>
      );
    }
    // The card's code: on the server at once, in the browser a chunk that arrives when the test says.
    const Card = () => <Part name="card" />;
    let arrive: (module: { default: ComponentType }) => void = () => {};
    const LazyCard = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
    const Page = ({ card: CardPart }: { card: ComponentType }) => (
      <main>
        <Status />
        <HydrationBoundary>
          <Part name="section">
            <HydrationBoundary>
              <CardPart />
            </HydrationBoundary>
          </Part>
        </HydrationBoundary>
        <RootCommitted />
      </main>
    );

    const root = document.createElement('div');
    const html = renderToString(<Page card={Card} />);
    root.innerHTML = html;
    document.body.append(root);
    const status = () => root.querySelector('[data-testid="status"]')!.textContent;
    const sections = [...root.querySelectorAll('section')];
    expect(status()).toBe('static 1280');

    await act(async () => {
      hydrateRoot(root, <Page card={LazyCard} />);
    });
    for (let i = 0; i < 3; i++) await act(nextTask);
    // The section hydrated; the card waits for its code, its server DOM untouched; the page is not live yet.
    expect(live).toEqual(['section']);
    expect(status()).toBe('static 1280');
    expect(root.innerHTML).toBe(html);

    await act(async () => arrive({ default: Card }));
    for (let i = 0; i < 3; i++) await act(nextTask);
    expect(live).toEqual(['section', 'card']);
    expect(status()).toBe('live 390');
    // The very nodes the server drew, now live.
    expect([...root.querySelectorAll('section')]).toEqual(sections);
    await act(async () => root.querySelector<HTMLButtonElement>('[data-name="card"] button')!.click());
    expect(root.querySelector('[data-name="card"] button')!.textContent).toBe('card: 1');

    // From then on the browser's value is followed.
    browserWidth = 1024;
    await act(async () => widthListeners.forEach((listener) => listener()));
    expect(status()).toBe('live 1024');
  });

  it('answers a tap on a part React has not hydrated yet: that part hydrates first and the tap takes effect', async () => {
    const { HydrationBoundary } = boundary;
    const Page = () => (
      <main>
        <HydrationBoundary>
          <Part name="first" />
        </HydrationBoundary>
        <HydrationBoundary>
          <Part name="second" />
        </HydrationBoundary>
      </main>
    );
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Page />);
    document.body.append(root);
    const button = root.querySelector<HTMLButtonElement>('[data-name="second"] button')!;
    live.length = 0;
    // As in a browser: hydrateRoot only schedules the work, and the tap comes before any of it has run.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      hydrateRoot(root, <Page />);
      expect(live).toEqual([]);
      button.click();
      await nextTask();
      await nextTask();
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
    expect(button.textContent).toBe('second: 1');
    expect(root.querySelector('[data-name="second"] button')).toBe(button);
  });
});
