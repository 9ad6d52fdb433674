import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PagedCardList, type PagedQuery } from './paged-card-list.tsx';

type Item = { id: string; name: string };

const settled: PagedQuery = {
  isPending: false,
  isError: false,
  error: null,
  isFetchNextPageError: false,
  hasNextPage: false,
  isFetchingNextPage: false,
  refetch: () => Promise.resolve(),
  fetchNextPage: () => Promise.resolve(),
};

function list(query: Partial<PagedQuery>, items: Item[], onClearFilters = vi.fn()) {
  render(
    <PagedCardList
      query={{ ...settled, ...query }}
      items={items}
      label="Discotecas"
      errorMessage="No se pudieron cargar las discotecas."
      emptyMessage="Ninguna discoteca con esos filtros."
      onClearFilters={onClearFilters}
      card={(item) => (
        <article key={item.id} aria-label={item.name}>
          {item.name}
        </article>
      )}
    />,
  );
  return { onClearFilters };
}

const clubs: Item[] = [
  { id: 'a', name: 'Kápital' },
  { id: 'b', name: 'Sala Bóveda' },
];

describe('PagedCardList', () => {
  it('shows placeholders named by the list while the first page loads', () => {
    list({ isPending: true }, []);
    const loading = screen.getByRole('status', { name: 'Discotecas' });
    // Six card-shaped placeholders, and nothing to press or read as a result yet.
    expect(loading.children).toHaveLength(6);
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the error with a retry when nothing could be loaded', () => {
    const refetch = vi.fn(() => Promise.resolve());
    list({ isError: true, error: new TypeError('Failed to fetch'), refetch }, []);
    expect(screen.getByRole('alert').textContent).toContain('No se pudieron cargar las discotecas.');
    fireEvent.click(screen.getByRole('button', { name: /Reintentar/ }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('offers to clear the filters when nothing matches them', () => {
    const { onClearFilters } = list({}, []);
    expect(screen.getByText('Ninguna discoteca con esos filtros.').tagName).toBe('P');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(onClearFilters).toHaveBeenCalledOnce();
  });

  it('shows every card and loads the next page on demand', () => {
    const fetchNextPage = vi.fn(() => Promise.resolve());
    list({ hasNextPage: true, fetchNextPage }, clubs);
    expect(screen.getAllByRole('article').map((a) => a.textContent)).toEqual(['Kápital', 'Sala Bóveda']);
    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(fetchNextPage).toHaveBeenCalledOnce();
  });

  it('keeps the cards shown when a later page fails, and retries that page', () => {
    const fetchNextPage = vi.fn(() => Promise.resolve());
    list(
      {
        isError: true,
        isFetchNextPageError: true,
        error: new TypeError('Failed to fetch'),
        hasNextPage: true,
        fetchNextPage,
      },
      clubs,
    );
    expect(screen.getAllByRole('article')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /Reintentar/ }));
    expect(fetchNextPage).toHaveBeenCalledOnce();
  });
});
