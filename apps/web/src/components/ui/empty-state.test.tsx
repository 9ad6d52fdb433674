// The EmptyState: the message in words (the icon is hidden from screen readers), a title over its explanation or a
// message alone, the action, and the role and test id the caller gives it.
import { render, screen } from '@testing-library/react';
import { Bell } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state.tsx';

describe('EmptyState', () => {
  it('shows a title over its explanation, with the icon hidden from screen readers', () => {
    const { container } = render(
      <EmptyState icon={Bell} title="Todo al día" text="Aquí verás tus avisos." />,
    );
    expect(screen.getByText('Todo al día').className).toContain('font-semibold');
    expect(screen.getByText('Aquí verás tus avisos.').className).toContain('text-sm');
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.firstElementChild!.className).toContain('items-center');
  });

  it('shows a message alone in the larger text, and the action under it', () => {
    const { container } = render(
      <EmptyState text="Sin planes." action={<button type="button">Quitar filtros</button>} />,
    );
    const message = screen.getByText('Sin planes.');
    expect(message.className).not.toContain('text-sm');
    const action = screen.getByRole('button', { name: 'Quitar filtros' });
    // Inside the box, after the message.
    expect(action.parentElement).toBe(container.firstElementChild);
    expect(message.compareDocumentPosition(action) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is announced when the caller says so, and lines up on the left when asked', () => {
    render(<EmptyState role="status" align="start" compact text="Nada para «zzz»" />);
    const box = screen.getByRole('status');
    expect(box.textContent).toBe('Nada para «zzz»');
    expect(box.className).toContain('items-start');
    expect(box.className).toContain('p-6');
    expect(box.className).not.toContain('text-center');
  });
});
