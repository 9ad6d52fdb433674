// Names the section a path belongs to (a `shell` i18n key), for pages whose feature is not in this build.
const RULES: [RegExp, string][] = [
  [/^\/(event\/[^/]+|evento\/[^/]+\/live)\/?$/, 'pending.liveWall'],
  [/^\/(u|user-detail|profile|perfil)\/[^/]+\/?$/, 'pending.userProfile'],
  [/^\/admin\/(discoteca|evento)\/[^/]+\/analytics\/?$/, 'pending.analytics'],
  [/^\/(ceo\/dashboard|ceo-dashboard)\/?$/, 'roleNav.ceo'],
  [/^\/admin\/dashboard\/?$/, 'roleNav.admin'],
  [/^\/dj\/dashboard\/?$/, 'roleNav.dj'],
  [/^\/rpp\/dashboard\/?$/, 'roleNav.rpp'],
  [/^\/dashboard\/?$/, 'pending.dashboard'],
  [/^\/contact\/?$/, 'nav.contact'],
  [/^\/(explore|explorar)\/?$/, 'nav.explore'],
  [/^\/novedades\/?$/, 'nav.whatsNew'],
  [/^\/search\/?$/, 'nav.search'],
  [/^\/(perfil|profile)\/?$/, 'nav.profile'],
  [/^\/tickets\/?$/, 'nav.tickets'],
  [/^\/(notificaciones|notifications)\/?$/, 'nav.notifications'],
  [/^\/(mensajes|messages)\/?$/, 'nav.messages'],
  [/^\/(chat-ai|ai-chat)\/?$/, 'nav.aiChat'],
  [/^\/(conexiones|connections)\/?$/, 'nav.connections'],
  [/^\/(ajustes|settings)\/?$/, 'nav.settings'],
];

export function pendingSectionKey(pathname: string): string {
  return RULES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'pending.dashboard';
}
