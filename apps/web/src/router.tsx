// Every route with its aliases, lazy-loaded ("Cargando módulo..." while a module loads).
// Protected routes sit behind the auth gate (a gate screen for visitors); role routes behind the role gate.
// Public pages carry `handle.ssr` and a loader: the server renders them with their data (entry-server.tsx).
import {
  redirect,
  type LoaderFunction,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { eventPathWithPromoter } from '@nocturna/shared/promoter-links';
import type { Role } from '@nocturna/shared';
import type { GateKind } from './features/auth/gate-kinds.ts';
import i18n, { loadAllStrings } from './i18n/index.ts';
import { needsNetwork } from './app/pwa/page-failure.ts';
import {
  clubListLoader,
  clubLoader,
  eventListLoader,
  eventLoader,
  homeLoader,
  profileLoader,
  wallLoader,
} from './public-loaders.ts';

type Module = { default: React.ComponentType };

// A page drawn in the browser loads with every feature's strings (the entry has only the public pages' own).
const withStrings = async <T,>(load: () => Promise<T>): Promise<T> =>
  (await Promise.all([load(), loadAllStrings()]))[0];

// A page drawn in the browser that needs the network: reached offline, its loader says so and the error boundary
// shows "Sin conexión" (route-error.tsx) instead of a page of failed requests. The wallet and the door open offline
// (OFFLINE below): their codes are kept by the service worker, their data on the device.
const page = (load: () => Promise<Module>) => ({
  loader: needsNetwork,
  lazy: async () => ({ Component: (await withStrings(load)).default }),
});
const OFFLINE = true;
const drawnOnServer = (load: () => Promise<Module>) => ({
  lazy: async () => ({ Component: (await load()).default }),
});

// The modules a server-rendered page is made of, by file. The server names their chunks in the page's HTML
// (<link rel="modulepreload">, from the build manifest: features/web/ssr.ts), so a phone fetches them with the
// page, and the browser does not add those links one by one while the page starts.
const ssrModules = import.meta.glob([
  './app/shell/app-shell.tsx',
  './app/route-error.tsx',
  './app/not-found-page.tsx',
  './features/*/*-page.tsx',
]);
function ssrModule<T>(file: string): { module: string; load: () => Promise<T> } {
  const load = ssrModules[file];
  if (!load) throw new Error(`${file} is not one of the server-rendered modules`);
  return { module: `src/${file.slice(2)}`, load: load as () => Promise<T> };
}

// A signed-in page: the gate shows its own marketing screen (gate kind) to visitors.
function signedIn(
  paths: string[],
  gate: GateKind,
  load: () => Promise<Module>,
  opensOffline = false,
): RouteObject[] {
  return paths.map((path) => ({
    path,
    loader: opensOffline ? undefined : needsNetwork,
    lazy: async () => {
      const [{ AuthGate }, mod] = await Promise.all([
        import('./features/auth/auth-gate.tsx'),
        withStrings(load),
      ]);
      const Page = mod.default;
      return {
        Component: () => (
          <AuthGate gate={gate}>
            <Page />
          </AuthGate>
        ),
      };
    },
  }));
}

function roleOnly(paths: string[], role: Role, load: () => Promise<Module>): RouteObject[] {
  return paths.map((path) => ({
    path,
    loader: needsNetwork,
    lazy: async () => {
      const [{ AuthGate }, { RoleGate }, mod] = await Promise.all([
        import('./features/auth/auth-gate.tsx'),
        import('./features/auth/role-gate.tsx'),
        withStrings(load),
      ]);
      const Page = mod.default;
      return {
        Component: () => (
          <AuthGate gate="premium">
            <RoleGate role={role}>
              <Page />
            </RoleGate>
          </AuthGate>
        ),
      };
    },
  }));
}

const aliases = (paths: string[], load: () => Promise<Module>): RouteObject[] =>
  paths.map((path) => ({ path, ...page(load) }));

export type RouteHandle = { ssr?: boolean; module?: string };

// A page the server renders (with the data its loader asks for, if it has one).
function serverRendered(file: string, loader?: LoaderFunction) {
  const { module, load } = ssrModule<Module>(file);
  return { loader, handle: { ssr: true, module } satisfies RouteHandle, ...drawnOnServer(load) };
}

const publicPage = (paths: string[], loader: LoaderFunction, file: string): RouteObject[] =>
  paths.map((path) => ({ path, ...serverRendered(file, loader) }));

const shell = ssrModule<{ ShellRoute: React.ComponentType }>('./app/shell/app-shell.tsx');
const routeError = ssrModule<{ RouteError: React.ComponentType }>('./app/route-error.tsx');

// The pages a server-rendered page can be: the only routes the browser's router knows when it hydrates one. Making
// the router flattens and ranks every route it is given (~20 ms of a phone's main thread for the whole table,
// total blocking time); the other pages join on the first navigation that needs them (patchLaterPages).
const serverPages: RouteObject[] = [
  { index: true, ...serverRendered('./features/home/home-page.tsx', homeLoader) },
  ...publicPage(['discotecas'], clubListLoader, './features/clubs/club-list-page.tsx'),
  ...publicPage(['eventos'], eventListLoader, './features/events/event-list-page.tsx'),
  ...publicPage(
    ['discoteca/:clubId', 'discotecas/:clubId'],
    clubLoader,
    './features/clubs/club-detail-page.tsx',
  ),
  ...publicPage(
    ['evento/:eventId', 'eventos/:eventId'],
    eventLoader,
    './features/events/event-detail-page.tsx',
  ),
  // A promoter's link: the event page, keeping `?rpp=` (the server answers the same redirect on a full load).
  {
    path: 'e/:slug',
    loader: ({ params, request }) =>
      redirect(eventPathWithPromoter(params.slug ?? '', new URL(request.url).searchParams.get('rpp'))),
  },
  ...publicPage(['event/:eventId', 'evento/:eventId/live'], wallLoader, './features/wall/wall-page.tsx'),
  ...publicPage(
    ['u/:userId', 'user-detail/:userId', 'profile/:userId', 'perfil/:username'],
    profileLoader,
    './features/profiles/user-profile-page.tsx',
  ),
  { path: '*', ...serverRendered('./app/not-found-page.tsx') },
];

// Every other page: drawn in the browser.
const laterPages: RouteObject[] = [
  ...aliases(['contact', 'contacto'], () => import('./features/contact/contact-page.tsx')),
  ...aliases(['terminos', 'terms'], () => import('./features/legal/terms-page.tsx')),
  ...aliases(['privacidad', 'privacy'], () => import('./features/legal/privacy-page.tsx')),
  ...aliases(
    ['olvide-contrasena', 'forgot-password'],
    () => import('./features/auth/forgot-password-page.tsx'),
  ),
  ...aliases(
    ['restablecer-contrasena', 'reset-password'],
    () => import('./features/auth/reset-password-page.tsx'),
  ),
  ...aliases(['dev/outbox'], () => import('./features/mail/outbox-page.tsx')),
  ...aliases(['explore', 'explorar'], () => import('./features/explore/explore-page.tsx')),
  ...aliases(['novedades'], () => import('./features/whats-new/whats-new-page.tsx')),
  ...aliases(['unlock'], () => import('./features/auth/unlock-page.tsx')),
  ...aliases(['login'], () => import('./features/auth/login-page.tsx')),
  ...aliases(['register'], () => import('./features/auth/register-page.tsx')),
  ...aliases(['search'], () => import('./features/search/search-page.tsx')),
  ...aliases(['lista/:token'], () => import('./features/promoters/guest-list-page.tsx')),
  ...aliases(['dj/:slug'], () => import('./features/djs/dj-profile-page.tsx')),

  ...signedIn(['dashboard'], 'premium', () => import('./features/my-night/my-night-page.tsx')),
  ...signedIn(['perfil', 'profile'], 'profile', () => import('./features/profiles/own-profile-page.tsx')),
  ...signedIn(['ajustes', 'settings'], 'settings', () => import('./features/settings/settings-page.tsx')),
  ...signedIn(['tickets'], 'tickets', () => import('./features/tickets/tickets-page.tsx'), OFFLINE),
  ...signedIn(['tickets/orders/:orderId'], 'tickets', () => import('./features/payments/order-page.tsx')),
  ...signedIn(
    ['notificaciones', 'notifications'],
    'notifications',
    () => import('./features/notifications/notifications-page.tsx'),
  ),
  ...signedIn(
    ['mensajes', 'messages', 'mensajes/:userId', 'messages/:userId'],
    'messages',
    () => import('./features/messages/messages-page.tsx'),
  ),
  ...signedIn(['chat-ai', 'ai-chat'], 'aiChat', () => import('./features/assistant/chat-page.tsx')),
  ...signedIn(
    ['conexiones', 'connections'],
    'connections',
    () => import('./features/connections/connections-page.tsx'),
  ),
  ...signedIn(['test-auth'], 'premium', () => import('./features/auth/test-auth-page.tsx')),
  ...signedIn(['puerta'], 'premium', () => import('./features/door/door-events-page.tsx'), OFFLINE),
  ...signedIn(['puerta/:eventId'], 'premium', () => import('./features/door/door-page.tsx'), OFFLINE),

  ...roleOnly(['admin/dashboard'], 'admin', () => import('./features/dashboards/admin-dashboard-page.tsx')),
  ...roleOnly(
    ['admin/discoteca/:id/analytics'],
    'admin',
    () => import('./features/analytics/club-analytics-page.tsx'),
  ),
  ...roleOnly(
    ['admin/evento/:id/analytics'],
    'admin',
    () => import('./features/analytics/event-analytics-page.tsx'),
  ),
  ...roleOnly(
    ['ceo/dashboard', 'ceo-dashboard'],
    'ceo',
    () => import('./features/management/ceo-dashboard-page.tsx'),
  ),
  ...roleOnly(
    ['ceo/discoteca/:id/analytics'],
    'ceo',
    () => import('./features/analytics/club-analytics-page.tsx'),
  ),
  ...roleOnly(
    ['ceo/evento/:id/analytics'],
    'ceo',
    () => import('./features/analytics/event-analytics-page.tsx'),
  ),
  ...signedIn(
    ['gestion/eventos/nuevo', 'gestion/eventos/:eventId'],
    'premium',
    () => import('./features/management/event-editor-page.tsx'),
  ),
  ...signedIn(
    ['gestion/discotecas/nueva', 'gestion/discotecas/:clubId'],
    'premium',
    () => import('./features/management/club-editor-page.tsx'),
  ),
  ...roleOnly(['dj/dashboard'], 'dj', () => import('./features/djs/dj-dashboard-page.tsx')),
  ...roleOnly(['rpp/dashboard'], 'rpp', () => import('./features/promoters/rpp-dashboard-page.tsx')),
  ...signedIn(
    ['gestion/discotecas/:clubId/rpp'],
    'premium',
    () => import('./features/promoters/club-promoters-page.tsx'),
  ),
  ...signedIn(
    ['gestion/discotecas/:clubId/incidentes'],
    'premium',
    () => import('./features/incidents/club-incidents-page.tsx'),
  ),
];

// The route every page sits under (the error boundary's): later pages are patched in as its children.
const PAGES_ROUTE_ID = 'pages';

// The shell's layout around `pages`. Route ids of the pages are their places in this tree, the same on the server
// and in the browser (the server pages come first in both), so the server's loader data finds its routes.
const withShell = (pages: RouteObject[]): RouteObject[] => [
  {
    path: '/',
    handle: { module: shell.module } satisfies RouteHandle,
    lazy: async () => ({ Component: (await shell.load()).ShellRoute }),
    HydrateFallback: () => (
      <p role="status" className="p-6 text-sm text-white/60">
        {i18n.t('common:loadingModule')}
      </p>
    ),
    children: [
      {
        id: PAGES_ROUTE_ID,
        handle: { module: routeError.module } satisfies RouteHandle,
        lazy: async () => ({ ErrorBoundary: (await routeError.load()).RouteError }),
        children: pages,
      },
    ],
  },
];

// Every route: the server's, and the router of a page drawn in the browser.
export const routes: RouteObject[] = withShell([...serverPages, ...laterPages]);

// The router of a server-rendered page while it hydrates: its pages only; `patchLaterPages` adds the others.
export const serverPageRoutes: RouteObject[] = withShell(serverPages);

// React Router asks on a navigation it cannot match (the not-found page's `*` matches anything) and on one to a
// page with parameters: the later pages join once, then it matches again.
let laterPatched = false;
export const patchLaterPages: PatchRoutesOnNavigationFunction = ({ patch }) => {
  if (laterPatched) return;
  laterPatched = true;
  patch(PAGES_ROUTE_ID, laterPages);
};
