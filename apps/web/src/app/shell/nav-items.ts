// The navigation as data: order, labels (i18n keys in the `shell` namespace) and paths.
// The sidebar, drawer, bottom tab bar and profile dropdown all read from here, so they cannot drift apart.
import type { LucideIcon } from 'lucide-react';
import {
  Bell,
  Bot,
  CalendarDays,
  Compass,
  Crown,
  Disc3,
  Headphones,
  House,
  Mail,
  Megaphone,
  MessageCircle,
  Search,
  Settings,
  ShieldCheck,
  Sparkles,
  Ticket,
  User,
  Users,
} from 'lucide-react';
import { BOTTOM_BAR_ITEMS, PROFILE_DROPDOWN_ITEMS, ROLES, type Role } from '@nocturna/shared/constants';
import { paths } from '../../lib/paths.ts';

export type NavItem = { id: string; labelKey: string; path: string; icon: LucideIcon };

export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'home', labelKey: 'nav.home', path: paths.home, icon: House },
  { id: 'clubs', labelKey: 'nav.clubs', path: paths.clubs, icon: Disc3 },
  { id: 'events', labelKey: 'nav.events', path: paths.events, icon: CalendarDays },
  { id: 'explore', labelKey: 'nav.explore', path: paths.explore, icon: Compass },
  { id: 'search', labelKey: 'nav.search', path: paths.search, icon: Search },
  { id: 'profile', labelKey: 'nav.profile', path: paths.profile, icon: User },
  { id: 'messages', labelKey: 'nav.messages', path: paths.messages, icon: MessageCircle },
  { id: 'notifications', labelKey: 'nav.notifications', path: paths.notifications, icon: Bell },
  { id: 'connections', labelKey: 'nav.connections', path: paths.connections, icon: Users },
  { id: 'tickets', labelKey: 'nav.tickets', path: paths.tickets, icon: Ticket },
  { id: 'settings', labelKey: 'nav.settings', path: paths.settings, icon: Settings },
  { id: 'contact', labelKey: 'nav.contact', path: paths.contact, icon: Mail },
  { id: 'aiChat', labelKey: 'nav.aiChat', path: paths.aiChat, icon: Bot },
];

// Spec order of the role links: CEO, Admin, DJ, RPP.
const ROLE_LINK_ORDER: readonly Role[] = ['ceo', 'admin', 'dj', 'rpp'];
const ROLE_LINKS: Record<Role, NavItem> = {
  ceo: { id: 'ceoDashboard', labelKey: 'roleNav.ceo', path: paths.ceoDashboard, icon: Crown },
  admin: { id: 'adminDashboard', labelKey: 'roleNav.admin', path: paths.adminDashboard, icon: ShieldCheck },
  dj: { id: 'djDashboard', labelKey: 'roleNav.dj', path: paths.djDashboard, icon: Headphones },
  rpp: { id: 'rppDashboard', labelKey: 'roleNav.rpp', path: paths.rppDashboard, icon: Megaphone },
};

// "Novedades" is not part of the nav table; it carries the unread-notification badge.
export const WHATS_NEW_ITEM: NavItem = {
  id: 'whatsNew',
  labelKey: 'nav.whatsNew',
  path: paths.whatsNew,
  icon: Sparkles,
};

export function roleLinks(roles: readonly Role[]): NavItem[] {
  const held = new Set(roles.filter((role) => (ROLES as readonly string[]).includes(role)));
  return ROLE_LINK_ORDER.filter((role) => held.has(role)).map((role) => ROLE_LINKS[role]);
}

// Sidebar and drawer: the nav table with the held roles' dashboards right after Home.
export function sidebarItems(roles: readonly Role[]): NavItem[] {
  const [home, ...rest] = NAV_ITEMS;
  return [home!, ...roleLinks(roles), ...rest];
}

export const bottomBarItems = (): NavItem[] => NAV_ITEMS.slice(0, BOTTOM_BAR_ITEMS);
export const dropdownItems = (): NavItem[] => NAV_ITEMS.slice(0, PROFILE_DROPDOWN_ITEMS);

// The item a path belongs to, so /discoteca/abc marks "Discotecas" and /perfil marks "Perfil".
const SECTION_ALIASES: Record<string, string> = {
  '/discoteca': paths.clubs,
  '/evento': paths.events,
  '/event': paths.events,
  '/explorar': paths.explore,
  '/perfil': paths.profile,
  '/mensajes': paths.messages,
  '/notificaciones': paths.notifications,
  '/conexiones': paths.connections,
  '/ajustes': paths.settings,
  '/chat-ai': paths.aiChat,
};

export function isActivePath(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  const first = '/' + (pathname.split('/')[1] ?? '');
  const section = SECTION_ALIASES[first] ?? first;
  return section === itemPath || pathname === itemPath;
}
