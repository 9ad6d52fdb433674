// "Puerta" in the navigation, only for people who may scan somewhere (the server's answer, cached).
import { ScanLine } from 'lucide-react';
import type { NavItem } from '../../app/shell/nav-items.ts';
import { paths } from '../../lib/paths.ts';
import { useDoorAccess } from './api/get-door-access.ts';

export const DOOR_NAV_ITEM: NavItem = { id: 'door', labelKey: 'door:nav', path: paths.door, icon: ScanLine };

// Right after Home and the dashboards, before the catalogue: at a door it is the one link that matters.
export function withDoorItem(items: NavItem[], show: boolean): NavItem[] {
  if (!show) return items;
  const at = items.findIndex((item) => item.id === 'clubs');
  return at < 0 ? [...items, DOOR_NAV_ITEM] : [...items.slice(0, at), DOOR_NAV_ITEM, ...items.slice(at)];
}

export function useShowDoorLink(signedIn: boolean): boolean {
  const access = useDoorAccess();
  return signedIn && access.data?.canScan === true;
}
