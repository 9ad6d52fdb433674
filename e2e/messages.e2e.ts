// Private messages at both viewports, two people in two browser contexts: they connect (through the
// connections API), Ana opens the conversation from /mensajes/<Bea's id>, writes; Bea sees it arrive live in
// her list and nav, opens it, and Ana's tab shows "Visto" without a reload; Bea's typing shows on Ana's side,
// her answer arrives live. She reports a message and an admin works the report from the dashboard; axe-core
// checks the thread. A second journey scrolls up through a longer conversation.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { asDemo, launch, newContext, snap, watchErrors, VIEWPORTS, type ViewportName } from './browser.ts';
import { seriousViolations } from './axe.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Person = { id: string; name: string; context: BrowserContext; page: Page; errors: string[] };

async function person(viewport: ViewportName, first: string, tag: string): Promise<Person> {
  const context = await newContext(browser, viewport, baseURL);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const suffix = `${first.toLowerCase()}${tag}`;
  const res = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: {
      email: `${suffix}@example.com`,
      password: 'Noche-de-Malasana-42',
      name: `${first} Noctámbula`,
      firstName: first,
      lastName: 'Noctámbula',
      username: suffix.slice(0, 30),
      phoneNumber: '+34612345678',
      dateOfBirth: '1996-03-14',
      gender: 'prefer-not-to-say',
      acceptTerms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { user: { id: string; name: string } };
  return { id: body.user.id, name: body.user.name, context, page, errors };
}

async function post(p: Person, path: string, data?: unknown) {
  const res = await p.context.request.post(path, { headers: { origin: baseURL }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json() as Promise<Record<string, unknown>>;
}

const bubbles = (page: Page): Locator => page.getByTestId('message');
const lastBubbleText = async (page: Page) =>
  ((await bubbles(page).last().innerText()) ?? '').split('\n')[0]!.trim();

// The "Mensajes" badge: in the desktop sidebar, or in the drawer on a phone.
async function navBadge(page: Page, viewport: ViewportName): Promise<string | null> {
  const scope = viewport === 'desktop' ? page.getByTestId('desktop-sidebar') : page.locator('#mobile-drawer');
  const badge = scope.getByRole('link', { name: /Mensajes/ }).getByTestId('unread-badge');
  if ((await badge.count()) === 0) return null;
  return (await badge.first().locator('[aria-hidden="true"]').textContent()) ?? '';
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('messages at %s', (viewport) => {
  it('two people connect, write to each other live, and see read receipts and typing', async () => {
    const tag = `${viewport.slice(0, 1)}${Date.now().toString(36)}`;
    const ana = await person(viewport, 'Ana', tag);
    const bea = await person(viewport, 'Bea', tag);

    // They connect through the connections API, as the people screens do.
    await post(ana, '/api/connections/requests', { userId: bea.id });
    await post(bea, `/api/connections/requests/${ana.id}/accept`);

    // Bea has the messages page open, still empty.
    await bea.page.goto('/mensajes');
    await bea.page.getByText('Aún no tienes conversaciones').waitFor();

    // Ana opens the conversation from Bea's id (what the profile's "Mensaje" button links to).
    await ana.page.goto(`/mensajes/${bea.id}`);
    await ana.page.getByRole('heading', { name: bea.name }).waitFor();
    await ana.page.getByText(`Este es el principio de tu conversación con ${bea.name}.`).waitFor();
    await snap(ana.page, `messages-${viewport}-01-new-conversation`);

    const composer = ana.page.getByRole('textbox', { name: 'Escribe un mensaje' });
    await composer.fill('¡Hola Bea! ¿Vienes esta noche a Mondo? Mira https://mondo.example/sesion');
    await ana.page.getByRole('button', { name: 'Enviar' }).click();
    await expect.poll(() => lastBubbleText(ana.page)).toContain('¿Vienes esta noche a Mondo?');
    await ana.page.getByTestId('receipt').filter({ hasText: 'Enviado' }).waitFor();
    expect(await composer.inputValue()).toBe('');

    // Bea's list and nav learn about it live, without a reload.
    const row = bea.page.getByTestId('conversation').filter({ hasText: ana.name });
    await row.waitFor();
    await expect.poll(() => row.getAttribute('data-unread')).toBe('true');
    await expect.poll(() => row.getByTestId('conversation-unread').first().textContent()).toContain('1');
    await snap(bea.page, `messages-${viewport}-02-list-unread`);
    if (viewport === 'phone') await bea.page.getByTestId('drawer-toggle').click();
    await expect.poll(() => navBadge(bea.page, viewport)).toBe('1');
    if (viewport === 'phone') {
      await snap(bea.page, `messages-${viewport}-02b-drawer-badge`);
      await bea.page.keyboard.press('Escape');
    }

    // Bea opens it: the message, its link made safe, and Ana's tab shows "Visto" live.
    await row.click();
    await bea.page.waitForURL((url) => url.pathname === `/mensajes/${ana.id}`);
    await expect.poll(() => lastBubbleText(bea.page)).toContain('¿Vienes esta noche a Mondo?');
    const link = bubbles(bea.page).getByRole('link', { name: 'https://mondo.example/sesion' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await link.getAttribute('target')).toBe('_blank');
    await ana.page.getByTestId('receipt').filter({ hasText: 'Visto' }).waitFor();
    await expect.poll(() => navBadge(bea.page, viewport)).toBe(null);
    if (viewport === 'phone') {
      // On a phone the thread is its own screen, with a way back.
      expect(await bea.page.getByRole('link', { name: 'Volver a las conversaciones' }).isVisible()).toBe(
        true,
      );
      expect(await bea.page.getByTestId('conversation').first().isVisible()).toBe(false);
    } else {
      expect(await bea.page.getByTestId('conversation').first().isVisible()).toBe(true);
    }
    await snap(ana.page, `messages-${viewport}-03-seen`);

    // Bea types: Ana sees it. Then Bea answers; it arrives in Ana's open thread, which reads it at once.
    const beaComposer = bea.page.getByRole('textbox', { name: 'Escribe un mensaje' });
    await beaComposer.pressSequentially('¡Claro! Te veo', { delay: 20 });
    await ana.page
      .getByTestId('typing')
      .filter({ hasText: `${bea.name} está escribiendo…` })
      .waitFor();
    await snap(ana.page, `messages-${viewport}-04-typing`);
    await beaComposer.pressSequentially(' en la puerta a la 1.', { delay: 5 });
    await beaComposer.press('Enter');
    await expect.poll(() => lastBubbleText(ana.page)).toBe('¡Claro! Te veo en la puerta a la 1.');
    await expect.poll(() => ana.page.getByTestId('typing').count()).toBe(0);
    await bea.page.getByTestId('receipt').filter({ hasText: 'Visto' }).waitFor();
    await snap(bea.page, `messages-${viewport}-05-reply-seen`);

    // Report one of Ana's messages.
    const target = bea.page.getByTestId('message').filter({ hasText: '¿Vienes esta noche a Mondo?' });
    await target.hover();
    await bea.page.getByRole('button', { name: 'Denunciar este mensaje' }).first().click();
    const dialog = bea.page.getByRole('dialog', { name: 'Denunciar mensaje' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Enviar denuncia' }).click();
    await dialog.getByText('Elige un motivo.').waitFor();
    await dialog.getByRole('radio', { name: 'Spam o publicidad' }).check();
    await dialog
      .getByRole('textbox', { name: 'Cuéntanos más (opcional)' })
      .fill(`Me manda enlaces raros (${tag})`);
    await snap(bea.page, `messages-${viewport}-06-report-dialog`);
    await dialog.getByRole('button', { name: 'Enviar denuncia' }).click();
    await bea.page.getByText('Denuncia enviada. Gracias por avisarnos.').waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    expect(await seriousViolations(bea.page)).toEqual([]);
    expect(await seriousViolations(ana.page)).toEqual([]);
    expect(ana.errors).toEqual([]);
    expect(bea.errors).toEqual([]);

    // An admin works the queue from the dashboard.
    const admin = await newContext(browser, viewport, baseURL);
    await asDemo(admin, 'admin');
    const adminPage = await admin.newPage();
    const adminErrors = watchErrors(adminPage);
    await adminPage.goto('/admin/dashboard');
    await adminPage.getByRole('heading', { name: 'Denuncias' }).waitFor();
    const item = adminPage.getByTestId('admin-report').filter({ hasText: `Me manda enlaces raros (${tag})` });
    await item.waitFor();
    expect(await item.innerText()).toContain('¿Vienes esta noche a Mondo?');
    await item.scrollIntoViewIfNeeded();
    await snap(adminPage, `messages-${viewport}-07-admin-reports`);
    await item.getByRole('textbox', { name: 'Nota (opcional)' }).fill(`Aviso enviado ${tag}`);
    await item.getByRole('button', { name: 'Resolver' }).click();
    await adminPage.getByText('Denuncia cerrada').waitFor();
    await expect.poll(() => item.count()).toBe(0);
    await adminPage.getByRole('button', { name: 'Resueltas' }).click();
    await adminPage
      .getByTestId('admin-report')
      .filter({ hasText: `Aviso enviado ${tag}` })
      .waitFor();
    expect(adminErrors).toEqual([]);

    await Promise.all([ana.context.close(), bea.context.close(), admin.close()]);
  });

  it('loads older messages when scrolling up and keeps the reader’s place', async () => {
    const tag = `${viewport.slice(0, 1)}o${Date.now().toString(36)}`;
    const ana = await person(viewport, 'Olga', tag);
    const bea = await person(viewport, 'Pilar', tag);
    const conversation = (await post(ana, '/api/conversations', { userId: bea.id })) as { id: string };
    // Two voices under each one's send limit: 52 messages, more than one page of 30.
    for (let i = 1; i <= 26; i++) {
      await post(ana, `/api/conversations/${conversation.id}/messages`, { body: `Olga ${i}` });
      await post(bea, `/api/conversations/${conversation.id}/messages`, { body: `Pilar ${i}` });
    }
    await bea.page.goto(`/messages/${ana.id}`);
    await expect.poll(() => lastBubbleText(bea.page)).toBe('Pilar 26');
    const scroller = bea.page.getByTestId('thread-scroller');
    await expect.poll(() => bubbles(bea.page).count()).toBe(30);
    const firstShown = bubbles(bea.page).first();
    const anchorText = ((await firstShown.innerText()) ?? '').split('\n')[0]!;
    expect(anchorText).toBe('Olga 12');

    // Scroll to the top: the next page arrives above, and the message that was first stays where it was.
    const anchor = bubbles(bea.page).filter({ has: bea.page.getByText(anchorText, { exact: true }) });
    await scroller.evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => bubbles(bea.page).count()).toBe(52);
    const box = await anchor.boundingBox();
    const frame = await scroller.boundingBox();
    expect(box && frame && box.y >= frame.y - 5 && box.y < frame.y + frame.height).toBe(true);
    await bea.page.getByText(`Este es el principio de tu conversación con ${ana.name}.`).waitFor();
    await snap(bea.page, `messages-${viewport}-08-older-loaded`);
    expect(bea.errors).toEqual([]);
    await Promise.all([ana.context.close(), bea.context.close()]);
  });
});
