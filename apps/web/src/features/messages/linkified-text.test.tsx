import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { LinkifiedText } from './linkified-text.tsx';

describe('message text', () => {
  it('turns web addresses into safe links and leaves everything else as text', () => {
    const { container } = render(
      <LinkifiedText
        text={'Mira https://nocturna.example/evento/x y kapital.es\nescríbeme a ana@example.com'}
      />,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://nocturna.example/evento/x',
      'https://kapital.es',
    ]);
    for (const a of links) {
      expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
      expect(a.getAttribute('target')).toBe('_blank');
    }
    expect(container.textContent).toContain('ana@example.com');
  });

  it('never interprets HTML or script addresses', () => {
    const { container } = render(
      <LinkifiedText
        text={'<img src=x onerror=alert(1)> <b>hola</b> javascript:alert(1) data:text/html,hi'}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([]);
    expect(container.textContent).toContain('<b>hola</b>');
  });
});
