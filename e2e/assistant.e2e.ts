// The assistant at both viewports: a new user asks "¿Qué hay esta noche de techno?", gets an answer streamed in
// with event cards, asks to book the first one, confirms on the card, and finds the ticket in /tickets. Then
// the conversation is in the history, where it can be renamed and deleted. A visitor gets the gate screen at
// /chat-ai. On a second server whose model is the OpenAI-compatible stand-in: the stop button stops a slow
// answer where it is, and a sold-out event's card carries the "Agotado" badge.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { freePort } from '../scripts/free-port.ts';
import {
  startStandIn,
  type ChatRequest,
  type StandIn,
  type Step,
} from '../apps/server/test/openai-stand-in.ts';
import { startServer, type ServerProcess } from './server-process.ts';
import { gotoLive, launch, newContext, snap, type ViewportName, VIEWPORTS, watchErrors } from './browser.ts';
import { seriousViolations } from './axe.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function signUp(context: BrowserContext, handle: string, origin = baseURL) {
  const res = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: {
      email: `${handle}@example.com`,
      password: 'Noche-de-Lavapies-42',
      name: 'Lucía Asistente',
      firstName: 'Lucía',
      lastName: 'Asistente',
      username: handle.slice(0, 30),
      phoneNumber: '+34612345678',
      dateOfBirth: '1995-05-20',
      gender: 'female',
      acceptTerms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('assistant at %s', (viewport) => {
  it('answers tonight’s techno with cards, books the first after a confirmation, and the ticket is in /tickets', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signUp(context, `lucia${viewport}${Date.now().toString(36)}`);

    await gotoLive(page, '/ai-chat');
    await page.getByRole('heading', { name: '¿Dónde salgo esta noche?' }).waitFor();
    for (const chip of ['¿Qué hay esta noche?', 'Techno este finde en Lavapiés', 'Mis entradas'])
      await page.getByRole('button', { name: chip }).waitFor();
    await snap(page, `assistant-${viewport}-01-empty`);
    expect(await seriousViolations(page, 'document')).toEqual([]);

    const box = page.getByRole('textbox', { name: 'Tu pregunta' });
    await box.fill('¿Qué hay esta noche de techno?');
    await box.press('Enter');
    const answers = page.getByTestId('assistant-answer');
    await answers.first().getByTestId('assistant-cards').waitFor();
    const firstCard = answers.first().getByTestId('assistant-cards').getByRole('link').first();
    const eventName = (await firstCard.textContent())!.trim();
    expect(eventName.length).toBeGreaterThan(3);
    expect(await answers.first().textContent()).toContain(eventName);
    await page.getByRole('button', { name: 'Enviar' }).waitFor();
    expect(new URL(page.url()).searchParams.get('c')).toMatch(/^[\w-]{8,}$/);
    await snap(page, `assistant-${viewport}-02-answer`);

    await box.fill('Resérvame una entrada para la primera');
    await box.press('Enter');
    const proposal = page.getByTestId('assistant-proposal');
    // The card is drawn while the answer streams, then again from the stored conversation once it ends.
    await page.getByRole('button', { name: 'Enviar' }).waitFor();
    await proposal.getByRole('button', { name: 'Confirmar y conseguir' }).waitFor();
    expect(await proposal.textContent()).toContain(eventName);
    await proposal.scrollIntoViewIfNeeded();
    await snap(page, `assistant-${viewport}-03-confirm`);
    await proposal.getByRole('button', { name: 'Confirmar y conseguir' }).click();
    await proposal.getByText('¡Hecho! Tu entrada está en Mis entradas.').waitFor();
    await snap(page, `assistant-${viewport}-04-confirmed`);

    // The history keeps the conversation.
    if (viewport === 'phone') await page.getByRole('button', { name: 'Historial' }).click();
    const history = page.getByRole('navigation', { name: 'Conversaciones' }).last();
    await history.getByRole('button', { name: '¿Qué hay esta noche de techno?', exact: true }).waitFor();
    await snap(page, `assistant-${viewport}-05-history`);
    await history.getByRole('button', { name: 'Renombrar: ¿Qué hay esta noche de techno?' }).click();
    await history.getByRole('textbox', { name: 'Nuevo título' }).fill('Techno de hoy');
    await history.getByRole('button', { name: 'Guardar' }).click();
    await history.getByRole('button', { name: 'Techno de hoy', exact: true }).waitFor();
    if (viewport === 'phone') await page.getByRole('button', { name: 'Cerrar historial' }).click();

    await proposal.getByRole('link', { name: 'Ver mis entradas' }).click();
    await page.waitForURL('**/tickets');
    await page
      .getByRole('button', { name: new RegExp(eventName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .waitFor();
    await snap(page, `assistant-${viewport}-06-tickets`);

    // Back in the chat, reload: the conversation is still there with its confirmed booking; then delete it.
    await page.goBack();
    await page.reload();
    await page.getByText('¡Hecho! Tu entrada está en Mis entradas.').waitFor();
    if (viewport === 'phone') await page.getByRole('button', { name: 'Historial' }).click();
    await history.getByRole('button', { name: 'Borrar: Techno de hoy' }).click();
    await history.getByRole('button', { name: 'Borrar', exact: true }).click();
    await page.getByRole('heading', { name: '¿Dónde salgo esta noche?' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('assistant gate at %s', (viewport) => {
  it('shows visitors the gate screen at /chat-ai, and the chat once signed in', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await gotoLive(page, '/chat-ai');
    await page.getByRole('heading', { name: 'Tu asistente de la noche' }).waitFor();
    await page.getByText('Crear Cuenta Gratis').first().waitFor();
    expect(await page.getByRole('textbox', { name: 'Tu pregunta' }).count()).toBe(0);
    await snap(page, `assistant-${viewport}-07-gate`);

    await signUp(context, `gate${viewport}${Date.now().toString(36)}`);
    await gotoLive(page, '/chat-ai');
    await page.getByRole('heading', { name: '¿Dónde salgo esta noche?' }).waitFor();
    await page.getByRole('button', { name: '¿Qué hay esta noche?' }).click();
    const answer = page.getByTestId('assistant-answer').first();
    await page.getByRole('button', { name: 'Enviar' }).waitFor();
    expect(await answer.textContent()).toMatch(
      /Esta noche (hay|tienes) \d+ plan|Esta noche no encuentro nada/,
    );
    expect(new URL(page.url()).pathname).toBe('/chat-ai');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('assistant with a model stand-in', () => {
  let standIn: StandIn;
  let server: ServerProcess;
  let dataDir: string;
  let origin: string;
  let soldOut = { slug: '', title: '' };
  const SLOW = ['Primera ', 'parte ', ...Array.from({ length: 40 }, (_, i) => `trozo${i} `), 'final'];

  // A slow answer when asked to go slowly; otherwise the model searches for the sold-out night and sums up.
  const script = (request: ChatRequest): Step => {
    const asked = JSON.stringify(request.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '');
    if (asked.includes('despacio')) return { text: SLOW, delayMs: 250 };
    if (!request.messages.some((m) => m.role === 'tool'))
      return { toolCalls: [{ name: 'search_events', args: { text: soldOut.title } }] };
    return { text: ['Aquí tienes ', 'las fechas.'] };
  };

  beforeAll(async () => {
    standIn = await startStandIn(script);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-e2e-ai-'));
    server = await startServer({
      port: await freePort(),
      dataDir,
      env: { AI_BASE_URL: standIn.url, AI_MODEL: 'stand-in', AI_TIMEOUT_MS: '10000' },
    });
    origin = server.baseURL;
    soldOut = await sellOut(origin);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // The CEO's next night, sold out for real: a person takes a ticket of each type nobody has bought yet, then
  // the CEO closes every type at what is sold.
  async function sellOut(origin: string) {
    const ceo = await browser.newContext({ baseURL: origin });
    const signedIn = await ceo.request.post('/api/auth/sign-in/email', {
      headers: { origin },
      data: { email: 'ceo@demo.nocturna.es', password: 'nocturna' },
    });
    expect(signedIn.status()).toBe(200);
    const rows = (await (await ceo.request.get('/api/manage/events')).json()) as {
      items: { id: string; startAt: string; status: string }[];
    };
    const next = rows.items
      .filter((e) => e.status === 'published' && e.startAt > new Date().toISOString())
      .sort((a, b) => a.startAt.localeCompare(b.startAt))[0]!;
    type Managed = {
      slug: string;
      name: string;
      ticketTypes: { id: string; sold: number; kind: string; hidden: boolean }[];
    };
    const event = (await (await ceo.request.get(`/api/manage/events/${next.id}`)).json()) as Managed;
    const buyer = await browser.newContext({ baseURL: origin });
    await signUp(buyer, `agotado${Date.now().toString(36)}`, origin);
    const remove = async (typeId: string) => {
      const gone = await ceo.request.delete(`/api/manage/events/${next.id}/ticket-types/${typeId}`, {
        headers: { origin },
      });
      expect(gone.status(), await gone.text()).toBe(200);
    };
    let kept = 0;
    for (const type of event.ticketTypes) {
      // Card types need a card; a hidden list needs its code: an unsold one simply goes.
      if (type.sold === 0 && (type.kind === 'online' || type.hidden)) {
        await remove(type.id);
        continue;
      }
      let sold = type.sold;
      if (sold === 0) {
        const bought = await buyer.request.post('/api/tickets', {
          headers: { origin, 'idempotency-key': `agotado-${type.id}` },
          data: { ticketTypeId: type.id, quantity: 1 },
        });
        // Near the night, an early type's sale has already closed (409): it goes too.
        if (bought.status() === 409) {
          await remove(type.id);
          continue;
        }
        expect(bought.status(), await bought.text()).toBe(201);
        sold = 1;
      }
      kept += 1;
      const closed = await ceo.request.patch(`/api/manage/events/${next.id}/ticket-types/${type.id}`, {
        headers: { origin },
        data: { capacity: sold },
      });
      expect(closed.status(), await closed.text()).toBe(200);
    }
    expect(kept, 'the night keeps a type to show as sold out').toBeGreaterThan(0);
    await ceo.close();
    await buyer.close();
    return { slug: event.slug, title: event.name.split(' · ')[0]! };
  }

  describe.each(Object.keys(VIEWPORTS) as ViewportName[])('at %s', (viewport) => {
    it('stops a slow answer with the stop button and keeps what was said', async () => {
      const context = await newContext(browser, viewport, origin);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signUp(context, `stop${viewport}${Date.now().toString(36)}`, origin);
      await gotoLive(page, '/chat-ai');
      const box = page.getByRole('textbox', { name: 'Tu pregunta' });
      await box.fill('Cuéntamelo despacio');
      await box.press('Enter');
      const answer = page.getByTestId('assistant-answer').first();
      await answer.getByText(/Primera parte/).waitFor();
      await page.getByRole('button', { name: 'Detener' }).click();
      await answer.getByText('Respuesta detenida.').waitFor();
      await page.getByRole('button', { name: 'Enviar' }).waitFor();
      await snap(page, `assistant-${viewport}-08-stopped`);
      const said = (await answer.textContent())!;
      // Once the model's answer is over (the server hung up on it, or read it to the end), nothing more came.
      await standIn.closed(standIn.requests.length - 1);
      expect(await answer.textContent()).toBe(said);
      expect(said).not.toContain('final');
      // The server kept the answer as far as it got.
      await page.reload();
      await page.getByText('Primera parte', { exact: false }).first().waitFor();
      expect(await page.getByTestId('assistant-answer').first().textContent()).not.toContain('final');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('marks a sold-out night "Agotado" on its card', async () => {
      const context = await newContext(browser, viewport, origin);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signUp(context, `sold${viewport}${Date.now().toString(36)}`, origin);
      await gotoLive(page, '/chat-ai');
      const box = page.getByRole('textbox', { name: 'Tu pregunta' });
      await box.fill(`¿Cuándo es ${soldOut.title}?`);
      await box.press('Enter');
      await page.getByRole('button', { name: 'Enviar' }).waitFor();
      const cards = page.getByTestId('assistant-cards').first().getByRole('listitem');
      const card = cards.filter({ has: page.locator(`a[href="/evento/${soldOut.slug}"]`) });
      await card.getByText('Agotado', { exact: true }).waitFor();
      // The others of that name are still on sale: no badge there.
      for (const other of await cards
        .filter({ hasNot: page.locator(`a[href="/evento/${soldOut.slug}"]`) })
        .all())
        expect(await other.getByText('Agotado', { exact: true }).count()).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await snap(page, `assistant-${viewport}-09-sold-out`);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
