// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sidebarItems } from '../../app/shell/nav-items.ts';
import { DOOR_NAV_ITEM, withDoorItem } from './door-nav.ts';
import i18n from '../../i18n/index.ts';

describe('Puerta in the navigation', () => {
  it('appears only for people who may scan, after Home and the dashboards', () => {
    expect(withDoorItem(sidebarItems([]), false)).toEqual(sidebarItems([]));
    const ids = withDoorItem(sidebarItems(['ceo']), true).map((i) => i.id);
    expect(ids.slice(0, 4)).toEqual(['home', 'ceoDashboard', 'door', 'clubs']);
    expect(i18n.t(DOOR_NAV_ITEM.labelKey, { ns: 'shell', lng: 'es' })).toBe('Puerta');
    expect(i18n.t(DOOR_NAV_ITEM.labelKey, { ns: 'shell', lng: 'en' })).toBe('Door');
  });
});
