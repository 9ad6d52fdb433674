// The assistant at both viewports: a new user asks "¿Qué hay esta noche de techno?", gets an answer streamed in
// with event cards, asks to book the first one, confirms on the card, and finds the ticket in /tickets. Then
// the conversation is in the history, where it can be renamed and deleted.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { gotoLive, launch, newContext, snap, type ViewportName, VIEWPORTS, watchErrors } from './browser.ts';
import { seriousViolations } from './axe.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function signUp(context: BrowserContext, handle: string) {
  const res = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
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
