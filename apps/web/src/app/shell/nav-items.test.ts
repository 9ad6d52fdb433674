// @vitest-environment node
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import {
  bottomBarItems,
  dropdownItems,
  isActivePath,
  NAV_ITEMS,
  roleLinks,
  sidebarItems,
  WHATS_NEW_ITEM,
} from './nav-items.ts';

const es = i18n.getFixedT('es', 'shell');
const en = i18n.getFixedT('en', 'shell');
const labels = (items: { labelKey: string }[], t = es) => items.map((item) => t(item.labelKey));

describe('navigation items', () => {
  it('lists the nav table in order with its Spanish labels and paths', () => {
    expect(NAV_ITEMS.map((item) => [es(item.labelKey), item.path])).toEqual([
      ['Home', '/'],
      ['Discotecas', '/discotecas'],
      ['Eventos', '/eventos'],
      ['Explorar', '/explore'],
      ['Búsqueda', '/search'],
      ['Perfil', '/profile'],
      ['Mensajes', '/messages'],
      ['Notificaciones', '/notifications'],
      ['Conexiones', '/connections'],
      ['Entradas', '/tickets'],
      ['Configuración', '/settings'],
      ['Contact', '/contact'],
      ['Asistente IA', '/ai-chat'],
    ]);
  });

  it('has English labels for every item, AI Chat included', () => {
    expect(en(NAV_ITEMS.at(-1)!.labelKey)).toBe('AI Chat');
    expect(
      labels([...NAV_ITEMS, WHATS_NEW_ITEM], en).every((label) => label && !label.startsWith('nav.')),
    ).toBe(true);
    expect(en(WHATS_NEW_ITEM.labelKey)).toBe("What's New");
    expect(es(WHATS_NEW_ITEM.labelKey)).toBe('Novedades');
  });

  it('adds no role link for a user without roles', () => {
    expect(sidebarItems([])).toEqual([...NAV_ITEMS]);
    expect(roleLinks([])).toEqual([]);
  });

  it('inserts only the held roles, right after Home, in CEO/Admin/DJ/RPP order', () => {
    const items = sidebarItems(['rpp', 'admin']);
    expect(labels(items.slice(0, 4))).toEqual(['Home', 'Admin Dashboard', 'RPP Dashboard', 'Discotecas']);
    expect(items).toHaveLength(NAV_ITEMS.length + 2);
    const all = sidebarItems(['dj', 'rpp', 'admin', 'ceo']);
    expect(all.slice(1, 5).map((item) => item.path)).toEqual([
      '/ceo/dashboard',
      '/admin/dashboard',
      '/dj/dashboard',
      '/rpp/dashboard',
    ]);
  });

  it('gives the bottom bar the first five items and the dropdown the first six, never role links', () => {
    expect(labels(bottomBarItems())).toEqual(['Home', 'Discotecas', 'Eventos', 'Explorar', 'Búsqueda']);
    expect(labels(dropdownItems())).toEqual([
      'Home',
      'Discotecas',
      'Eventos',
      'Explorar',
      'Búsqueda',
      'Perfil',
    ]);
  });

  it('marks the section of aliases and detail pages as current', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/discotecas')).toBe(false);
    expect(isActivePath('/discotecas', '/discoteca/abc')).toBe(true);
    expect(isActivePath('/eventos', '/eventos/xyz')).toBe(true);
    expect(isActivePath('/explore', '/explorar')).toBe(true);
    expect(isActivePath('/profile', '/perfil')).toBe(true);
    expect(isActivePath('/settings', '/ajustes')).toBe(true);
    expect(isActivePath('/search', '/discotecas')).toBe(false);
  });
});
