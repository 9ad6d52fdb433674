// i18next with Spanish by default. Each feature keeps its strings in its own namespace file under
// locales/{es,en}/; the language comes from ?lang=, then localStorage, then Spanish. A server-rendered page
// was drawn in the language the server read from the same choice (kept in a cookie too), and hydrates in it.
// Only the Spanish of the server-rendered pages and the shell around them is part of the first load (FIRST_LOAD:
// a phone parses no dashboard's strings before the home page answers a tap); the rest of Spanish comes
// in one chunk (spanish.ts) before a page drawn in the browser and right after a server-rendered page hydrates,
// English in a chunk per namespace when chosen. The server and the unit tests have everything at once.
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { collectCatalogues, type Catalogue } from './collect.ts';

// Every namespace a server-rendered page (or the shell drawn around it) uses: a server test renders each public
// page and checks that it used no other (apps/server/test/pages/public.test.ts). The words for a failed request
// (`errors`, about 5 KB gzip) are not among them: lib/error-text.ts loads them without suspending where an error may
// be shown.
const firstLoad = import.meta.glob<Catalogue>(
  [
    './locales/es/common.json',
    './locales/es/shell.json',
    './locales/es/catalogue.json',
    './locales/es/tickets.json',
    './locales/es/explore.json',
    './locales/es/profiles.json',
    './locales/es/connections.json',
    './locales/es/wall.json',
  ],
  { eager: true, import: 'default' },
);
const resources = collectCatalogues(
  import.meta.env.SSR || import.meta.env.MODE === 'test'
    ? import.meta.glob<Catalogue>('./locales/*/*.json', { eager: true, import: 'default' })
    : firstLoad,
);
export const FIRST_LOAD_NAMESPACES = Object.keys(collectCatalogues(firstLoad).es ?? {});

const english = import.meta.glob<Catalogue>('./locales/en/*.json', { import: 'default' });
const NAMESPACES = Object.keys(english).map((file) => file.replace(/^.*\/([\w-]+)\.json$/, '$1'));

async function loadLater(lng: string, ns: string): Promise<Catalogue> {
  const catalogue =
    lng === 'es'
      ? (await import('./spanish.ts')).spanish[ns]
      : await english[`./locales/${lng}/${ns}.json`]?.();
  if (!catalogue) throw new Error(`No ${lng}/${ns} strings`);
  return catalogue;
}

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'nocturna.lang';
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

const asLanguage = (value: string | null | undefined): Language | null =>
  value === 'es' || value === 'en' ? value : null;

function storedLanguage(): Language | null {
  try {
    return asLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return null;
  }
}

function keepLanguage(lng: string) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // private mode: the cookie still carries it
  }
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${lng}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
}

const serverRendered = () =>
  typeof document !== 'undefined' && (document.getElementById('root')?.hasChildNodes() ?? false);

function initialLanguage(): Language {
  if (typeof window === 'undefined') return 'es';
  const fromQuery = asLanguage(new URLSearchParams(window.location.search).get('lang'));
  if (fromQuery) return fromQuery;
  if (serverRendered()) return asLanguage(document.documentElement.lang) ?? 'es';
  return storedLanguage() ?? 'es';
}

// After hydrating a page the server drew before it knew this browser's choice (a choice made before the
// cookie existed), switch to it.
export function applyStoredLanguage(): void {
  const stored = storedLanguage();
  if (stored && stored !== i18n.language) void i18n.changeLanguage(stored);
}

let started: Promise<unknown> | undefined;

// Starts i18next, once; resolves when the first language's strings are all here (at once for Spanish). The server
// and the unit tests start it on import; the browser in a task of its own (main.tsx), since setting it up is tens of
// milliseconds of a phone's main thread (total blocking time).
export function startI18n(): Promise<unknown> {
  if (started) return started;
  started = i18n
    .use(initReactI18next)
    .use(resourcesToBackend(loadLater))
    .init({
      resources,
      partialBundledLanguages: true,
      // No promotional line on the console (the server's stdout carries its address to the tests).
      showSupportNotice: false,
      lng: initialLanguage(),
      fallbackLng: 'es',
      defaultNS: 'common',
      // A server-rendered page starts with the strings it was drawn with; a page drawn here waits for them all.
      ns: serverRendered() ? FIRST_LOAD_NAMESPACES : NAMESPACES,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  if (typeof document !== 'undefined') {
    // Setting the root's lang restyles the whole page in Blink, even to the value it has: a server-rendered page
    // already carries it.
    if (document.documentElement.lang !== i18n.language) document.documentElement.lang = i18n.language;
    if (new URLSearchParams(window.location.search).has('lang') || !serverRendered())
      keepLanguage(i18n.language);
    i18n.on('languageChanged', (lng) => {
      if (document.documentElement.lang !== lng) document.documentElement.lang = lng;
      keepLanguage(lng);
    });
  }
  return started;
}

if (import.meta.env.SSR || import.meta.env.MODE === 'test') void startI18n();

// Every feature's strings, in the language shown (once the first ones are in): before a page drawn in the browser
// (router.tsx), and right after a server-rendered page has hydrated, before the signed-in shell takes over.
export const loadAllStrings = (): Promise<void> => startI18n().then(() => i18n.loadNamespaces(NAMESPACES));

export default i18n;
