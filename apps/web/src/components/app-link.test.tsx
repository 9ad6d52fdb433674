// The app's links: followed by the router in place (no page load), left to the browser when a person asks for a
// new tab or the link says so. (The journeys follow them in the app's data router, in a real browser.)
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppLink } from './app-link.tsx';

function Where() {
  const location = useLocation();
  const action = useNavigationType();
  return (
    <p data-testid="where" data-action={action} data-state={JSON.stringify(location.state)}>
      {location.pathname + location.search}
    </p>
  );
}

function Page() {
  return (
    <>
      <Where />
      <AppLink to="/eventos?barrio=Malasaña" className="link" aria-label="Eventos en Malasaña">
        Eventos
      </AppLink>
      <AppLink to="/discotecas" reloadDocument>
        Discotecas
      </AppLink>
      <AppLink to="/perfil" state={{ from: 'home' }}>
        Perfil
      </AppLink>
    </>
  );
}

function setup() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Page />
    </MemoryRouter>,
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('AppLink', () => {
  it('draws an anchor with the path and the attributes it was given', () => {
    setup();
    const link = screen.getByRole('link', { name: 'Eventos en Malasaña' });
    expect(link.getAttribute('href')).toBe('/eventos?barrio=Malasaña');
    expect(link.className).toBe('link');
  });

  it('is followed by the router, without loading a page, and pushes a history entry', async () => {
    setup();
    const link = screen.getByRole('link', { name: 'Eventos en Malasaña' });
    let notPrevented = true;
    await act(async () => {
      notPrevented = fireEvent.click(link, { button: 0 });
    });
    expect(notPrevented).toBe(false); // the browser does not load the page itself
    expect(screen.getByTestId('where').textContent).toBe('/eventos?barrio=Malasaña');
    expect(screen.getByTestId('where').dataset.action).toBe('PUSH');
  });

  it('carries its state to the page it opens', async () => {
    setup();
    await act(async () => void fireEvent.click(screen.getByRole('link', { name: 'Perfil' })));
    expect(screen.getByTestId('where').textContent).toBe('/perfil');
    expect(JSON.parse(screen.getByTestId('where').dataset.state!)).toEqual({ from: 'home' });
  });

  it('leaves a click with a modifier key (a new tab) and a reloadDocument link to the browser', async () => {
    setup();
    let notPrevented = false;
    await act(async () => {
      notPrevented = fireEvent.click(screen.getByRole('link', { name: 'Eventos en Malasaña' }), {
        ctrlKey: true,
      });
    });
    expect(notPrevented).toBe(true);
    await act(async () => {
      notPrevented = fireEvent.click(screen.getByRole('link', { name: 'Discotecas' }));
    });
    expect(notPrevented).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});
