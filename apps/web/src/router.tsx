// Every route of spec §2 with its aliases, lazy-loaded ("Cargando módulo..." while a module loads).
// Protected routes sit behind the auth gate (a gate screen for visitors); role routes behind the role gate.
// Public pages carry `handle.ssr` and a loader: the server renders them with their data (entry-server.tsx).
import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { eventPathWithPromoter } from '@nocturna/shared/promoter-links';
import type { Role } from '@nocturna/shared';
import type { GateKind } from './features/auth/gate-kinds.ts';
import i18n from './i18n/index.ts';
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
const page = (load: () => Promise<Module>) => ({ lazy: async () => ({ Component: (await load()).default }) });

// A signed-in page: the gate shows its own marketing screen (gate kind) to visitors.
function signedIn(paths: string[], gate: GateKind, load: () => Promise<Module>): RouteObject[] {
  return paths.map((path) => ({
    path,
    lazy: async () => {
      const [{ AuthGate }, mod] = await Promise.all([import('./features/auth/auth-gate.tsx'), load()]);
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
    lazy: async () => {
      const [{ AuthGate }, { RoleGate }, mod] = await Promise.all([
        import('./features/auth/auth-gate.tsx'),
        import('./features/auth/role-gate.tsx'),
        load(),
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

export type RouteHandle = { ssr?: boolean };
const SERVER_RENDERED: RouteHandle = { ssr: true };

// A public page the server renders with the data its loader asks for.
const publicPage = (paths: string[], loader: LoaderFunction, load: () => Promise<Module>): RouteObject[] =>
  paths.map((path) => ({ path, loader, handle: SERVER_RENDERED, ...page(load) }));

export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: async () => {
      const { AppShell } = await import('./app/shell/app-shell.tsx');
      return { Component: AppShell };
    },
    HydrateFallback: () => (
      <p role="status" className="p-6 text-sm text-white/60">
        {i18n.t('common:loadingModule')}
      </p>
    ),
    children: [
      {
        lazy: async () => ({ ErrorBoundary: (await import('./app/route-error.tsx')).RouteError }),
        children: [
          {
            index: true,
            loader: homeLoader,
            handle: SERVER_RENDERED,
            ...page(() => import('./features/home/home-page.tsx')),
          },
          ...aliases(['contact', 'contacto'], () => import('./features/contact/contact-page.tsx')),
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
          ...publicPage(['discotecas'], clubListLoader, () => import('./features/clubs/club-list-page.tsx')),
          ...publicPage(['eventos'], eventListLoader, () => import('./features/events/event-list-page.tsx')),
          ...aliases(['search'], () => import('./features/search/search-page.tsx')),
          ...publicPage(
            ['discoteca/:clubId', 'discotecas/:clubId'],
            clubLoader,
            () => import('./features/clubs/club-detail-page.tsx'),
          ),
          ...publicPage(
            ['evento/:eventId', 'eventos/:eventId'],
            eventLoader,
            () => import('./features/events/event-detail-page.tsx'),
          ),
          // A promoter's link: the event page, keeping `?rpp=` (the server answers the same redirect on a full load).
          {
            path: 'e/:slug',
            loader: ({ params, request }) =>
              redirect(
                eventPathWithPromoter(params.slug ?? '', new URL(request.url).searchParams.get('rpp')),
              ),
          },
          ...aliases(['lista/:token'], () => import('./features/promoters/guest-list-page.tsx')),
          ...aliases(['dj/:slug'], () => import('./features/djs/dj-profile-page.tsx')),
          ...publicPage(
            ['event/:eventId', 'evento/:eventId/live'],
            wallLoader,
            () => import('./features/wall/wall-page.tsx'),
          ),
          ...publicPage(
            ['u/:userId', 'user-detail/:userId', 'profile/:userId', 'perfil/:username'],
            profileLoader,
            () => import('./features/profiles/user-profile-page.tsx'),
          ),

          ...signedIn(['dashboard'], 'premium', () => import('./features/my-night/my-night-page.tsx')),
          ...signedIn(
            ['perfil', 'profile'],
            'profile',
            () => import('./features/profiles/own-profile-page.tsx'),
          ),
          ...signedIn(
            ['ajustes', 'settings'],
            'settings',
            () => import('./features/settings/settings-page.tsx'),
          ),
          ...signedIn(['tickets'], 'tickets', () => import('./features/tickets/tickets-page.tsx')),
          ...signedIn(
            ['tickets/orders/:orderId'],
            'tickets',
            () => import('./features/payments/order-page.tsx'),
          ),
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
          ...signedIn(['puerta'], 'premium', () => import('./features/door/door-events-page.tsx')),
          ...signedIn(['puerta/:eventId'], 'premium', () => import('./features/door/door-page.tsx')),

          ...roleOnly(
            ['admin/dashboard'],
            'admin',
            () => import('./features/dashboards/admin-dashboard-page.tsx'),
          ),
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

          { path: '*', handle: SERVER_RENDERED, ...page(() => import('./app/not-found-page.tsx')) },
        ],
      },
    ],
  },
];
