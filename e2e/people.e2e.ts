// People at both viewports, two browser contexts (two people): Ana edits her profile in place and uploads a
// photo (a JPEG carrying a GPS position; the stored WebP has none), finds Bruno in /search (results as she
// types, "Cargar más" for the next page), opens his profile and asks to connect; Bruno sees the request under
// "Recibidas" and accepts it, and Ana's open /conexiones shows the connection without a reload; then Bruno blocks
// Ana from his profile's menu and she can no longer find him or open his profile; after he unblocks her, Ana
// makes her profile private and Bruno sees only her name, photo and "Conectar".
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ARTIFACTS,
  gotoLive,
  launch,
  newContext,
  snap,
  watchErrors,
  VIEWPORTS,
  type ViewportName,
} from './browser.ts';
import { seriousViolations } from './axe.ts';

// Like watchErrors, except the one 404 the journey expects: a blocked person's profile answers "not found"
// (its API call, or the page itself when the server draws it).
function watchErrorsExcept(page: Page, expected404: () => string | null): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const allowed = expected404();
    const where = msg.location().url;
    if (allowed && msg.text().includes('status of 404') && (where.includes(allowed) || where === page.url()))
      return;
    errors.push(`console.error: ${msg.text()} @ ${msg.location().url}`);
  });
  return errors;
}

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function signUp(
  context: BrowserContext,
  first: string,
  last: string,
  username: string,
): Promise<string> {
  const res = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: {
      email: `${username}@example.com`,
      password: 'Noche-en-Malasana-77',
      firstName: first,
      lastName: last,
      username,
      phoneNumber: '+34612345678',
      dateOfBirth: '1996-03-14',
      gender: 'prefer-not-to-say',
      acceptTerms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { user: { id: string } }).user.id;
}

// More people sharing a surname than one page of search holds, written straight into the journey's database
// (sign-ups are rate-limited per address).
function addNamesakes(surname: string, count: number) {
  const db = new DatabaseSync(path.join(dataDir, 'nocturna.db'), { timeout: 5000 });
  const now = new Date().toISOString();
  const insert = db.prepare(
    `insert into users (id, name, email, email_verified, username, display_username, first_name, last_name, search_text, created_at, updated_at)
     values (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (let i = 0; i < count; i++) {
    const first = `Persona${String(i).padStart(2, '0')}`;
    const username = `${surname}_${i}`.toLowerCase();
    insert.run(
      randomUUID(),
      `${first} ${surname}`,
      `${username}@example.com`,
      username,
      username,
      first,
      surname,
      `${first} ${surname} ${username}`.toLowerCase(),
      now,
      now,
    );
  }
  db.close();
}

async function gpsJpeg(): Promise<string> {
  const file = path.join(ARTIFACTS, 'people-upload.jpg');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const jpeg = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#7c3aed' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="1200"><circle cx="450" cy="520" r="300" fill="#f43f5e"/></svg>',
        ),
      },
    ])
    .jpeg()
    .withExif({
      IFD0: { Make: 'Nocturna' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 25/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 42/1 0/1',
      },
    })
    .toBuffer();
  fs.writeFileSync(file, jpeg);
  return file;
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('people at %s', (viewport) => {
  it('edits a profile with a photo, finds someone, connects with them live, and a block hides them', async () => {
    const tag = `${viewport.slice(0, 1)}${Date.now().toString(36)}`;
    const anaContext = await newContext(browser, viewport, baseURL);
    const brunoContext = await newContext(browser, viewport, baseURL);
    const ana = await anaContext.newPage();
    const bruno = await brunoContext.newPage();
    let brunoId = '';
    const anaErrors = watchErrorsExcept(ana, () => (brunoId ? `/api/users/${brunoId}/profile` : null));
    const brunoErrors = watchErrors(bruno);
    const surname = `Noctambulo${tag}`;
    await signUp(anaContext, 'Ana', `Lumbre${tag}`, `ana_${tag}`);
    brunoId = await signUp(brunoContext, 'Bruno', surname, `bruno_${tag}`);
    addNamesakes(surname, 22);

    // Ana's own profile, edited in place.
    await ana.goto('/perfil');
    await ana.getByTestId('profile-name').waitFor();
    expect(await ana.getByTestId('profile-name').innerText()).toBe(`Ana Lumbre${tag}`);
    await ana.getByRole('button', { name: 'Editar perfil' }).click();
    await ana.getByLabel('Bio').fill('Techno en Lavapiés y vermú al día siguiente.');
    await ana.getByLabel('Instagram').fill('https://www.instagram.com/ana.lumbre/');
    await ana.getByRole('button', { name: 'Techno', exact: true }).click();
    await ana.getByRole('button', { name: 'House', exact: true }).click();
    // A bad username is caught in place, with nothing sent.
    await ana.getByLabel('Nombre de usuario').fill('a b');
    await ana.getByRole('button', { name: 'Guardar' }).click();
    await ana.getByText('Solo letras, números, puntos y guiones bajos.').waitFor();
    await snap(ana, `people-${viewport}-01-edit-error`);
    await ana.getByLabel('Nombre de usuario').fill(`ana_${tag}`);
    await ana.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() => ana.getByTestId('profile-bio').innerText())
      .toBe('Techno en Lavapiés y vermú al día siguiente.');
    await ana.getByRole('link', { name: 'ana.lumbre' }).waitFor();

    // The photo: previewed, uploaded, stored without its GPS position.
    await ana.getByTestId('avatar-input').setInputFiles(await gpsJpeg());
    const avatar = ana.getByRole('img', { name: `Foto de Ana Lumbre${tag}` });
    await expect
      .poll(() => avatar.getAttribute('src'), { timeout: 15_000 })
      .toMatch(/^\/media\/avatars\/.+\.webp$/);
    const stored = await anaContext.request.get((await avatar.getAttribute('src'))!);
    const meta = await sharp(await stored.body()).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    await ana.getByText('Foto actualizada').waitFor();
    await ana.evaluate(() => window.scrollTo(0, 0));
    await snap(ana, `people-${viewport}-02-own-profile`);
    expect(await seriousViolations(ana)).toEqual([]);

    // The people list behind the search box: results as she types, the next page on "Cargar más".
    await ana.goto('/search?grupo=personas');
    await ana
      .getByRole('searchbox', { name: 'Buscar personas' })
      .pressSequentially(surname.toUpperCase().replace('O', 'Ó'), { delay: 20 });
    const results = ana.getByTestId('search-result');
    // The box writes ?q= once typing stops; a pause in the middle (a busy machine) writes part of it first, and
    // the letters typed after stay in the box until the next write.
    await expect
      .poll(() => new URL(ana.url()).searchParams.get('q'))
      .toBe(surname.toUpperCase().replace('O', 'Ó'));
    await expect.poll(() => results.count()).toBe(20);
    await snap(ana, `people-${viewport}-03a-search-typed`);
    await ana.getByRole('button', { name: 'Cargar más' }).click();
    await expect.poll(() => results.count()).toBe(23);
    await snap(ana, `people-${viewport}-03-search`);
    expect(await seriousViolations(ana)).toEqual([]);

    // Bruno's profile from the results; "Conectar".
    await ana.getByRole('searchbox', { name: 'Buscar personas' }).fill(`bruno_${tag}`);
    await expect.poll(() => results.count()).toBe(1);
    await results.first().click();
    await ana.waitForURL(`**/u/${brunoId}`);
    await ana.getByRole('heading', { level: 1, name: `Bruno ${surname}` }).waitFor();
    await ana.getByRole('button', { name: 'Conectar' }).click();
    await ana.getByText('Solicitud enviada', { exact: true }).waitFor();
    await snap(ana, `people-${viewport}-04-requested`);

    // Ana keeps /conexiones open on "Enviadas" while Bruno answers.
    await ana.goto('/conexiones?tab=sent');
    await ana
      .getByTestId('connection-row')
      .filter({ hasText: `Bruno ${surname}` })
      .waitFor();

    await bruno.goto('/connections');
    await expect.poll(() => bruno.getByTestId('count-received').innerText()).toBe('1');
    await bruno.getByRole('tab', { name: /Recibidas/ }).click();
    const request = bruno.getByTestId('connection-row').filter({ hasText: `Ana Lumbre${tag}` });
    await request.waitFor();
    await snap(bruno, `people-${viewport}-05-received`);
    expect(await seriousViolations(bruno)).toEqual([]);
    await request.getByRole('button', { name: /Aceptar/ }).click();
    await bruno.getByRole('tab', { name: /Conexiones/ }).click();
    await bruno
      .getByTestId('connection-row')
      .filter({ hasText: `Ana Lumbre${tag}` })
      .waitFor();

    // Ana's page heard it: the sent request is gone and the connection is there, no reload.
    await expect.poll(() => ana.getByTestId('count-connections').innerText()).toBe('1');
    await expect.poll(() => ana.getByTestId('count-sent').innerText()).toBe('0');
    await ana.getByRole('tab', { name: /Conexiones/ }).click();
    await ana
      .getByTestId('connection-row')
      .filter({ hasText: `Bruno ${surname}` })
      .waitFor();
    await snap(ana, `people-${viewport}-06-connected`);

    // Connected: Bruno sees Ana whole, with "Enviar mensaje".
    await bruno.goto(`/perfil/ana_${tag}`);
    await bruno.getByRole('heading', { level: 1, name: `Ana Lumbre${tag}` }).waitFor();
    await bruno.getByText('Conectados', { exact: true }).waitFor();
    await bruno.getByText('Techno en Lavapiés y vermú al día siguiente.').waitFor();
    expect(await bruno.getByRole('link', { name: 'Enviar mensaje' }).getAttribute('href')).toMatch(
      /^\/mensajes\//,
    );
    await snap(bruno, `people-${viewport}-07-other-profile`);
    expect(await seriousViolations(bruno)).toEqual([]);

    // Bruno reports Ana from the menu: the report lands in the admins' queue.
    await bruno.getByRole('button', { name: 'Más opciones' }).filter({ visible: true }).click();
    await bruno.getByRole('menuitem', { name: /Denunciar a Ana/ }).click();
    const report = bruno.getByRole('dialog', { name: /Denunciar a Ana/ });
    await report.getByRole('radio', { name: 'Spam o publicidad' }).check();
    await report.getByRole('button', { name: 'Enviar denuncia' }).click();
    await bruno.getByText('Denuncia enviada. Gracias por avisarnos.').waitFor();

    // Bruno blocks Ana from the menu.
    await bruno.getByRole('button', { name: 'Más opciones' }).filter({ visible: true }).click();
    await bruno.getByRole('menuitem', { name: /Bloquear a Ana/ }).click();
    await bruno.getByRole('menuitem', { name: /Sí, bloquear a Ana/ }).click();
    await bruno.getByText(`Has bloqueado a Ana Lumbre${tag}`).waitFor();
    await snap(bruno, `people-${viewport}-08-blocked`);

    // For Ana, Bruno is gone: his profile is "not found", search does not find him, the connection is gone.
    await ana.goto(`/u/${brunoId}`);
    await ana.getByText('Esta persona no existe o no está disponible.').waitFor();
    await snap(ana, `people-${viewport}-09-gone`);
    await ana.goto(`/search?grupo=personas&q=bruno_${tag}`);
    await ana.getByText(`Nadie coincide con «bruno_${tag}».`).waitFor();
    await ana.goto('/conexiones');
    await expect.poll(() => ana.getByTestId('count-connections').innerText()).toBe('0');

    // Bruno undoes it from his profile's blocked list.
    await bruno.goto('/profile');
    await bruno.getByRole('button', { name: `Desbloquear: Ana Lumbre${tag}` }).click();
    await bruno.getByText('No has bloqueado a nadie.').waitFor();

    // Ana makes her profile private: Bruno, no longer connected, sees only her name, photo and "Conectar".
    await ana.goto('/perfil');
    const privateSwitch = ana.getByRole('switch', { name: 'Perfil privado' });
    await privateSwitch.click();
    await expect.poll(() => privateSwitch.getAttribute('aria-checked')).toBe('true');
    // The switch turns at once; the change is kept once the server says so (its toast). Reloading before that
    // would cancel the save on a slow machine.
    await ana.getByText('Privacidad guardada').waitFor();
    await ana.reload();
    await expect
      .poll(() => ana.getByRole('switch', { name: 'Perfil privado' }).getAttribute('aria-checked'))
      .toBe('true');
    await bruno.goto(`/perfil/ana_${tag}`);
    await bruno.getByText('Perfil privado: conecta para ver más').waitFor();
    await bruno.getByRole('button', { name: 'Conectar' }).waitFor();
    expect(await bruno.getByText('Techno en Lavapiés y vermú al día siguiente.').count()).toBe(0);
    expect(await bruno.getByRole('link', { name: 'Enviar mensaje' }).count()).toBe(0);
    await snap(bruno, `people-${viewport}-11-private`);

    expect([...anaErrors, ...brunoErrors]).toEqual([]);
    await anaContext.close();
    await brunoContext.close();
  });

  it('shows a visitor a public profile and sends "Conectar" to sign in', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await gotoLive(page, '/perfil/lucia');
    await page.getByRole('heading', { level: 1, name: 'Lucía Martín' }).waitFor();
    await page.getByText('Techno los viernes en Lavapiés', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: 'Enviar mensaje' }).count()).toBe(0);
    await snap(page, `people-${viewport}-10a-visitor-profile`);
    await page.getByRole('button', { name: 'Conectar' }).click();
    await page.getByRole('dialog').waitFor();
    await snap(page, `people-${viewport}-10b-visitor-connect`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
