// Each server render draws in its own request's language: the renderer gives every render an i18next instance of its
// own, so pages streamed side by side in Spanish and English never borrow each other's strings (a process-wide
// language switch would let one request's render run in the other's language while it waits on the stream).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClub, insertEvent } from '../../src/seed/catalogue-writer.ts';
import { DIALECTS, type TestApp } from '../test-app.ts';
import { createRenderedPagesApp } from './rendered-pages-app.ts';

const PAIRS = 50;

// What React drew inside <div id="root"> (the head comes from the server's own templates, not the renderer).
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));

describe.each(DIALECTS)('server renders in Spanish and English at once on %s', (dialect) => {
  let t: TestApp;
  const host = { host: 'nocturna.test' };

  beforeAll(async () => {
    t = await createRenderedPagesApp(dialect);
    const clubId = await insertClub(t.app.db, {
      slug: 'sala-idiomas',
      name: 'Sala Idiomas',
      barrio: 'Lavapiés',
      address: 'Calle de Argumosa 1, 28012 Madrid',
      openingDays: ['FRI', 'SAT'],
      openingHours: '00:30–06:00',
      priceRange: '10–15 €',
      description: 'Dos idiomas, una pista.',
    });
    const start = new Date(Date.now() + 24 * 3600_000);
    await insertEvent(
      t.app.db,
      {
        slug: 'noche-bilingue',
        clubId,
        name: 'Noche bilingüe',
        description: 'House toda la noche.',
        startAt: start,
        endAt: new Date(start.getTime() + 6 * 3600_000),
        lineup: [{ djName: 'Ana B' }],
        ticketTypes: [{ name: 'General', priceCents: 1200, capacity: 100, kind: 'door' }],
      },
      'Sala Idiomas',
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it(`streams ${PAIRS} pairs of the same event page, one Spanish and one English, each in its own language`, async () => {
    const page = (lang: 'es' | 'en') =>
      t.app.inject({ url: `/evento/noche-bilingue?lang=${lang}`, headers: host }).then((response) => {
        expect(response.statusCode).toBe(200);
        return rootOf(response.body);
      });
    const pairs = await Promise.all(
      Array.from({ length: PAIRS }, () => Promise.all([page('es'), page('en')])),
    );
    for (const [spanish, english] of pairs) {
      expect(spanish).toContain('Noche bilingüe');
      expect(spanish).toContain('Sobre el evento');
      expect(spanish).toContain('Entradas');
      expect(spanish).not.toContain('About the event');
      expect(english).toContain('Noche bilingüe');
      expect(english).toContain('About the event');
      expect(english).toContain('Tickets');
      expect(english).not.toContain('Sobre el evento');
    }
  });
});
