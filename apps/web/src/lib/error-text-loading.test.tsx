// The `errors` catalogue is not part of the first load: a component that words an error is drawn at once with
// what it has (never suspended: a server-rendered page must hydrate without waiting for it), the catalogue loads
// in the page's language, and the component is drawn again in the catalogue's words.
import { act, render, screen } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { Suspense } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import esCommon from '../i18n/locales/es/common.json';
import enCommon from '../i18n/locales/en/common.json';
import enErrors from '../i18n/locales/en/errors.json';
import { ApiRequestError } from './api-client.ts';
import { useErrorText } from './error-text.ts';

// An i18next like the browser's on a server-rendered page: the first load's strings only, the rest on demand.
async function browserLike(lng: string, release: Promise<void>): Promise<{ i18n: I18n; asked: string[] }> {
  const asked: string[] = [];
  const i18n = i18next.createInstance();
  await i18n
    .use(initReactI18next)
    .use(
      resourcesToBackend(async (language: string, ns: string) => {
        asked.push(`${language}/${ns}`);
        await release;
        return (await import(`../i18n/locales/${language}/${ns}.json`)) as { default: object };
      }),
    )
    .init({
      lng,
      fallbackLng: 'es',
      resources: { es: { common: esCommon }, en: { common: enCommon } },
      partialBundledLanguages: true,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
  return { i18n, asked };
}

const soldOut = new ApiRequestError(409, { code: 'TICKETS_SOLD_OUT', message: 'Agotado (del servidor)' });

function Alert() {
  const errorText = useErrorText();
  return (
    <p role="alert">
      {errorText(soldOut, 'fallback')} / {errorText(new TypeError('Failed to fetch'))}
    </p>
  );
}

describe('useErrorText before its catalogue is in', () => {
  it('draws at once with the fallback and common’s words, loads the catalogue, then words the code', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { i18n, asked } = await browserLike('en', held);
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>suspended</p>}>
          <Alert />
        </Suspense>
      </I18nextProvider>,
    );
    expect(screen.queryByText('suspended')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(`fallback / ${enCommon.errors.network}`);
    expect(asked).toContain('en/errors');
    await act(async () => {
      release();
      await held;
    });
    await screen.findByText(`${enErrors.TICKETS_SOLD_OUT} / ${enErrors.NETWORK}`);
    expect(screen.getByRole('alert').textContent).not.toContain('Agotado');
  });
});
