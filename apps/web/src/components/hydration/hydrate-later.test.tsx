import { memo, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrateLater, hydrateServerHtml } from './hydrate-later.tsx';
import { useHydrated } from '../use-hydrated.ts';

const hydrated: string[] = [];

function Card({ name }: { name: string }) {
  const [clicks, setClicks] = useState(0);
  useEffect(() => {
    hydrated.push(name);
  }, [name]);
  return (
    <article data-name={name}>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        {name}: {clicks}
      </button>
    </article>
  );
}

function Page({ names }: { names: string[] }) {
  useEffect(() => {
    hydrated.push('page');
  }, []);
  return (
    <main>
      <h1>Eventos</h1>
      {names.map((name) => (
        <HydrateLater key={name}>
          <Card name={name} />
        </HydrateLater>
      ))}
    </main>
  );
}

const names = ['uno', 'dos', 'tres'];
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  hydrated.length = 0;
  document.body.innerHTML = '';
});

describe('HydrateLater', () => {
  it('draws its children in the server HTML', () => {
    expect(renderToString(<Page names={names} />)).toContain('<article data-name="dos">');
  });

  it('keeps the server DOM of each part and hydrates the parts one task after another, after the page', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Page names={names} />);
    document.body.append(root);
    const articles = [...root.querySelectorAll('article')];

    await act(async () => {
      hydrateServerHtml(() => hydrateRoot(root, <Page names={names} />));
    });
    // The page hydrated; no card yet, and the server's cards are all still there, untouched.
    expect(hydrated).toEqual(['page']);
    expect([...root.querySelectorAll('article')]).toEqual(articles);

    await act(nextTask);
    expect(hydrated).toEqual(['page', 'uno']);
    await act(async () => {
      await nextTask();
      await nextTask();
    });
    expect(hydrated).toEqual(['page', 'uno', 'dos', 'tres']);
    await act(nextTask); // a task after the last part, the first hydration is over
    // The very nodes the server drew, now live.
    expect([...root.querySelectorAll('article')]).toEqual(articles);
    expect(root.innerHTML).toBe(renderToString(<Page names={names} />));
    await act(async () => articles[1]!.querySelector('button')!.click());
    expect(articles[1]!.textContent).toBe('dos: 1');
  });

  it('renders at once outside the first hydration (a page drawn in the browser)', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const { createRoot } = await import('react-dom/client');
    await act(async () => createRoot(root).render(<Page names={names} />));
    expect(hydrated).toEqual(['uno', 'dos', 'tres', 'page']);
    expect(root.querySelectorAll('article')).toHaveLength(3);
  });
});

// A shell whose own state changes while its parts still wait (the session store answering mid-hydration): each
// part must still hydrate once, in a task of its own, in order; none left waiting, none drawn twice.
describe('HydrateLater in a shell that redraws while its parts wait', () => {
  let version = 0;
  const listeners = new Set<() => void>();
  const store = {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get: () => version,
    bump: () => {
      version++;
      for (const listener of listeners) listener();
    },
  };
  const drawn: string[] = [];

  function Part({ name, children }: { name: string; children?: ReactNode }) {
    drawn.push(name);
    return (
      <section data-name={name}>
        <h2>{name}</h2>
        {children}
      </section>
    );
  }
  const Bar = memo(function Bar({ name }: { name: string }) {
    return <Part name={name} />;
  });

  function Shell() {
    useSyncExternalStore(store.subscribe, store.get, () => 0);
    return (
      <div>
        <HydrateLater>
          <Bar name="sidebar" />
        </HydrateLater>
        <HydrateLater>
          <Bar name="header" />
        </HydrateLater>
        <HydrateLater>
          <Part name="page">
            <HydrateLater>
              <Part name="lineup" />
            </HydrateLater>
            <HydrateLater>
              <Part name="tickets" />
            </HydrateLater>
          </Part>
        </HydrateLater>
      </div>
    );
  }

  it('hydrates every part once, each in a task of its own', async () => {
    const root = document.createElement('div');
    const html = renderToString(<Shell />);
    root.innerHTML = html;
    document.body.append(root);
    const sections = [...root.querySelectorAll('section')];
    drawn.length = 0;
    const tasks: string[][] = [];

    await act(async () => {
      hydrateServerHtml(() => hydrateRoot(root, <Shell />));
    });
    store.bump(); // the shell redraws while every part still waits
    for (let i = 0; i < 8; i++) {
      const before = drawn.length;
      await act(nextTask);
      tasks.push(drawn.slice(before));
    }
    expect(tasks.filter((task) => task.length > 0)).toEqual([
      ['sidebar'],
      ['header'],
      ['page'],
      ['lineup'],
      ['tickets'],
    ]);
    expect([...root.querySelectorAll('section')]).toEqual(sections);
    expect(root.innerHTML).toBe(html);
  });
});

// A part hidden at this screen size (the desktop sidebar on a phone) waits for its media query: the page counts as
// hydrated without it, and it hydrates, on the server's DOM, once the screen crosses the breakpoint.
describe('HydrateLater with a media query', () => {
  const DESKTOP = '(min-width: 1024px)';
  let wide = false;
  const changeListeners = new Set<() => void>();
  // The browser's matchMedia, driven by the test as a window resize would.
  const matchMedia = (query: string) =>
    ({
      get matches() {
        return query === DESKTOP && wide;
      },
      addEventListener: (_: string, listener: () => void) => void changeListeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => void changeListeners.delete(listener),
    }) as unknown as MediaQueryList;
  const resize = (toWide: boolean) => {
    wide = toWide;
    for (const listener of [...changeListeners]) listener();
  };

  function Shell() {
    return (
      <div>
        <HydrateLater media={DESKTOP}>
          <Card name="sidebar" />
        </HydrateLater>
        <HydrateLater>
          <Card name="page" />
        </HydrateLater>
      </div>
    );
  }

  it('leaves the hidden part as the server drew it until the media query matches, then hydrates it', async () => {
    Object.assign(window, { matchMedia });
    const root = document.createElement('div');
    const html = renderToString(<Shell />);
    root.innerHTML = html;
    document.body.append(root);
    const sidebar = root.querySelector('[data-name="sidebar"]')!;
    let hydratedAt = -1;
    await act(async () => {
      hydrateServerHtml(
        () => hydrateRoot(root, <Shell />),
        async () => {
          hydratedAt = hydrated.length;
        },
      );
    });
    for (let i = 0; i < 4; i++) await act(nextTask);
    // The page hydrated and counts as hydrated; the hidden part did not, and is untouched.
    expect(hydrated).toEqual(['page']);
    expect(hydratedAt).toBe(1);
    expect(root.querySelector('[data-name="sidebar"]')).toBe(sidebar);
    await act(async () => sidebar.querySelector('button')!.click());
    expect(sidebar.textContent).toBe('sidebar: 0');

    await act(async () => resize(true));
    await act(nextTask);
    expect(hydrated).toEqual(['page', 'sidebar']);
    expect(root.querySelector('[data-name="sidebar"]')).toBe(sidebar); // the server's node, now live
    await act(async () => sidebar.querySelector('button')!.click());
    expect(sidebar.textContent).toBe('sidebar: 1');
    expect(changeListeners.size).toBe(0);
  });
});

// A part off the screen when its turn comes (a card far down a list) waits until it nears the screen, or until a
// finger or the keyboard reaches it; the page counts as hydrated without it. The browser's IntersectionObserver is
// driven by the test as scrolling would, and each server node says where it was laid out.
describe('HydrateLater off the screen', () => {
  const observed = new Set<Element>();
  let report: (entries: Partial<IntersectionObserverEntry>[]) => void = () => {};
  class Observer {
    constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
      report = callback;
    }
    observe = (node: Element) => void observed.add(node);
    unobserve = (node: Element) => void observed.delete(node);
    disconnect = () => observed.clear();
  }
  const scrolledTo = (node: Element) => report([{ target: node, isIntersecting: true }]);

  // Laid out `top` pixels down the page (jsdom lays nothing out).
  const placeAt = (node: Element, top: number) =>
    Object.assign(node, {
      getBoundingClientRect: () => ({ top, bottom: top + 300, left: 0, right: 300 }) as DOMRect,
    });

  function Live({ name }: { name: string }) {
    const live = useHydrated();
    const [clicks, setClicks] = useState(0);
    useEffect(() => {
      hydrated.push(name);
    }, [name]);
    return (
      <article data-name={name} data-state={live ? 'live' : 'server'}>
        <button type="button" onClick={() => setClicks((n) => n + 1)}>
          {name}: {clicks}
        </button>
      </article>
    );
  }

  function List() {
    return (
      <main>
        {['uno', 'dos', 'tres'].map((name) => (
          <HydrateLater key={name}>
            <Live name={name} />
          </HydrateLater>
        ))}
      </main>
    );
  }

  async function hydrateList() {
    Object.assign(window, { IntersectionObserver: Observer });
    const root = document.createElement('div');
    const html = renderToString(<List />);
    root.innerHTML = html;
    document.body.append(root);
    const [uno, dos, tres] = [...root.querySelectorAll('article')];
    placeAt(uno!, 0);
    void dos; // no box of its own (`display: contents`): no observer would ever see it, so it hydrates in its turn
    placeAt(tres!, 3000); // three screens down: jsdom's window is 768 px high
    let hydratedAt = -1;
    await act(async () => {
      hydrateServerHtml(
        () => hydrateRoot(root, <List />),
        async () => {
          hydratedAt = hydrated.length;
        },
      );
    });
    for (let i = 0; i < 5; i++) await act(nextTask);
    return { root, html, tres: tres!, hydratedAt };
  }

  afterEach(() => {
    Object.assign(window, { IntersectionObserver: undefined });
    observed.clear();
  });

  it('hydrates the parts on the screen, counts the page as hydrated, and the far part once it nears the screen', async () => {
    const { root, tres, hydratedAt } = await hydrateList();
    expect(hydrated).toEqual(['uno', 'dos']);
    expect(hydratedAt).toBe(2);
    expect([...observed]).toEqual([tres]); // the very node the server drew for it
    await act(async () => tres.querySelector('button')!.click());
    expect(tres.textContent).toBe('tres: 0');

    await act(async () => scrolledTo(tres));
    await act(nextTask);
    expect(hydrated).toEqual(['uno', 'dos', 'tres']);
    expect(root.querySelector('[data-name="tres"]')).toBe(tres);
    expect(observed.size).toBe(0);
    await act(async () => tres.querySelector('button')!.click());
    expect(tres.textContent).toBe('tres: 1');
    // Resumed after the page counted as hydrated, on the server's node: Preact set the attribute as it drew.
    expect(tres.getAttribute('data-state')).toBe('live');
  });

  it('hydrates a waiting part as soon as a finger reaches it, before the tap lands', async () => {
    const { tres } = await hydrateList();
    const button = tres.querySelector('button')!;
    await act(async () => {
      button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(hydrated).toEqual(['uno', 'dos', 'tres']);
    await act(async () => button.click());
    expect(tres.textContent).toBe('tres: 1');
    expect(observed.size).toBe(0);
  });

  // A row far down the home page: its cards are parts of their own, each hydrating in a task after it; cards
  // loaded later into a live row draw at once.
  function Row({ names }: { names: string[] }) {
    return (
      <section data-name="row">
        {names.map((name) => (
          <HydrateLater key={name}>
            <Live name={name} />
          </HydrateLater>
        ))}
      </section>
    );
  }
  let loadMore: (names: string[]) => void = () => {};
  function Home({ first }: { first: string[] }) {
    const [names, setNames] = useState(first);
    useEffect(() => {
      loadMore = setNames;
    }, []);
    return (
      <main>
        <HydrateLater>
          <Row names={names} />
        </HydrateLater>
      </main>
    );
  }

  it('defers the parts inside a part that waited, and draws parts it mounts later at once', async () => {
    Object.assign(window, { IntersectionObserver: Observer });
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Home first={['uno', 'dos']} />);
    document.body.append(root);
    const row = placeAt(root.querySelector('section')!, 2000);
    for (const card of row.querySelectorAll('article')) placeAt(card, 100); // where they are once scrolled to
    await act(async () => {
      hydrateServerHtml(() => hydrateRoot(root, <Home first={['uno', 'dos']} />));
    });
    for (let i = 0; i < 4; i++) await act(nextTask);
    expect(hydrated).toEqual([]);
    expect([...observed]).toEqual([row]);

    await act(async () => scrolledTo(row));
    const tasks: string[][] = [];
    for (let i = 0; i < 4; i++) {
      const before = hydrated.length;
      await act(nextTask);
      tasks.push(hydrated.slice(before));
    }
    expect(tasks).toEqual([[], ['uno'], ['dos'], []]); // the row, then each card in a task of its own
    expect(root.querySelector('section')).toBe(row);

    await act(async () => loadMore(['uno', 'dos', 'tres']));
    expect(row.querySelectorAll('article')).toHaveLength(3); // in the same render, not a task later
    expect(hydrated).toEqual(['uno', 'dos', 'tres']);
  });

  it('hydrates a part a finger reaches before its turn whole, parts inside it included, before the tap lands', async () => {
    Object.assign(window, { IntersectionObserver: Observer });
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Home first={['uno', 'dos']} />);
    document.body.append(root);
    const button = root.querySelector('[data-name="dos"] button')!;
    await act(async () => {
      hydrateServerHtml(() => hydrateRoot(root, <Home first={['uno', 'dos']} />));
      // The first pass is over, the row's turn has not come: the finger lands on its second card.
      await Promise.resolve();
      button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(hydrated).toEqual(['uno', 'dos']);
    await act(async () => (button as HTMLButtonElement).click());
    expect(button.textContent).toBe('dos: 1');
  });
});
