import { useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrateLater, hydrateServerHtml } from './hydrate-later.tsx';

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
