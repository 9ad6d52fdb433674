import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

const renderText = (text: string) =>
  render(
    <MemoryRouter>
      <Markdown text={text} />
    </MemoryRouter>,
  );

describe('assistant Markdown', () => {
  it('renders lists, bold text and links: in-app links through the router, others in a new tab', () => {
    const { container } = renderText(
      'Esta noche:\n\n- **Bunker · Sala Bóveda**\n\n[Mis entradas](/tickets) y [mapa](https://www.openstreetmap.org/)',
    );
    expect(container.querySelector('li strong')?.textContent).toBe('Bunker · Sala Bóveda');
    expect(screen.getByRole('link', { name: 'Mis entradas' }).getAttribute('href')).toBe('/tickets');
    const external = screen.getByRole('link', { name: 'mapa' });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
  });

  it('never renders raw HTML, scripts, images or javascript: links from an answer', () => {
    const { container } = renderText(
      'Hola <img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n![x](https://evil.example/p.png) [pulsa](javascript:alert(3))',
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    const link = screen.queryByRole('link', { name: 'pulsa' });
    expect(link === null || !link.getAttribute('href')?.startsWith('javascript')).toBe(true);
    expect(container.innerHTML).not.toContain('onerror');
  });
});
