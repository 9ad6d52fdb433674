import { opensOwnDocument } from '@nocturna/shared/camera-pages';
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/focus-ring.ts';
import { SideTooltip } from '../../components/side-tooltip.tsx';
import { isActivePath, type NavItem } from './nav-items.ts';
import { UnreadBadge } from './unread-badge.tsx';

type Props = {
  item: NavItem;
  pathname: string;
  collapsed?: boolean;
  badge?: number;
  // Something new in the item's own feed ("Novedades"): a dot on the icon, the count for screen readers.
  dot?: number;
  onNavigate?: () => void;
};

// One sidebar/drawer row. Collapsed, it shows only the icon with a tooltip; the name stays for screen readers.
export function NavLinkItem({ item, pathname, collapsed = false, badge = 0, dot = 0, onNavigate }: Props) {
  const { t } = useTranslation('shell');
  const active = isActivePath(item.path, pathname);
  const label = t(item.labelKey);
  const Icon = item.icon;
  return (
    <li>
      <SideTooltip label={label} enabled={collapsed}>
        <AppLink
          to={item.path}
          reloadDocument={opensOwnDocument(item.path)}
          onClick={onNavigate}
          aria-current={active ? 'page' : undefined}
          className={`relative flex h-11 items-center gap-3 rounded-xl text-sm font-medium transition-colors ${collapsed ? 'justify-center px-0' : 'px-3'} ${
            active ? 'bg-neon-500/15 text-white' : 'text-white/70 hover:bg-white/5 hover:text-white'
          } ${focusRing}`}
        >
          {active && (
            <span
              aria-hidden="true"
              className="absolute top-2 bottom-2 left-0 w-1 rounded-full bg-neon-400 shadow-[0_0_10px] shadow-neon-500"
            />
          )}
          <span className="relative shrink-0">
            <Icon aria-hidden="true" className={`size-5 ${active ? 'text-neon-400' : ''}`} />
            {dot > 0 && (
              <span
                data-testid="whats-new-dot"
                className="absolute -top-1 -right-1 size-2.5 rounded-full bg-neon-400 shadow-[0_0_8px] shadow-neon-400"
              >
                <span className="sr-only">{t('whatsNewUnread', { count: dot })}</span>
              </span>
            )}
          </span>
          <span className={collapsed ? 'sr-only' : 'flex-1 truncate'}>{label}</span>
          {badge > 0 && (
            <UnreadBadge count={badge} className={collapsed ? 'absolute top-1 right-1 scale-90' : ''} />
          )}
        </AppLink>
      </SideTooltip>
    </li>
  );
}
