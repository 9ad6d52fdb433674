import { Bell, Menu, Search, X } from 'lucide-react';
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/focus-ring.ts';
import { paths } from '../../lib/paths.ts';
import { badgeText } from './badge.ts';
import { Brand } from './brand.tsx';
import { ProfileDropdown, type DropdownAccount } from './profile-dropdown.tsx';

type Props = {
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  unread: number;
  // New items in "Novedades", which lives in the drawer: a dot on the menu button so the phone shows it too.
  whatsNewUnread?: number;
  account: DropdownAccount | null;
  onSignOut: () => void;
};

const iconButton = `relative grid size-10 place-items-center rounded-xl text-white/80 transition-colors hover:bg-white/5 hover:text-white ${focusRing}`;

// Fixed top bar below 1024 px: menu toggle (with the "Novedades" dot), brand + subtitle, search, notifications (with badge), profile menu.
export function MobileHeader({
  drawerOpen,
  onToggleDrawer,
  unread,
  whatsNewUnread = 0,
  account,
  onSignOut,
}: Props) {
  const { t } = useTranslation('shell');
  const badge = badgeText(unread);
  return (
    <header
      data-testid="mobile-header"
      className="fixed inset-x-0 top-0 z-30 flex h-16 items-center gap-1 border-b border-white/5 bg-night-950/85 px-2 pt-[env(safe-area-inset-top)] backdrop-blur-md lg:hidden"
    >
      <button
        type="button"
        onClick={onToggleDrawer}
        aria-label={
          drawerOpen
            ? t('header.closeMenu')
            : whatsNewUnread > 0
              ? t('header.openMenuWhatsNew', { count: whatsNewUnread })
              : t('header.openMenu')
        }
        aria-expanded={drawerOpen}
        aria-controls="mobile-drawer"
        data-testid="drawer-toggle"
        className={iconButton}
      >
        {drawerOpen ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <Menu aria-hidden="true" className="size-6" />
        )}
        {whatsNewUnread > 0 && !drawerOpen && (
          <span
            aria-hidden="true"
            data-testid="whats-new-dot"
            className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-neon-400 shadow-[0_0_8px] shadow-neon-400 ring-2 ring-night-950"
          />
        )}
      </button>
      <div className="min-w-0 flex-1 px-1">
        <Brand />
      </div>
      <AppLink to={paths.search} aria-label={t('header.search')} className={iconButton}>
        <Search aria-hidden="true" className="size-5" />
      </AppLink>
      <AppLink
        to={paths.notifications}
        aria-label={badge ? t('header.notificationsUnread', { count: unread }) : t('header.notifications')}
        className={iconButton}
        data-testid="header-notifications"
      >
        <Bell aria-hidden="true" className="size-5" />
        {badge && (
          <span
            aria-hidden="true"
            data-testid="header-badge"
            className="absolute top-1 right-1 min-w-4.5 rounded-full bg-flame-500 px-1 text-center text-[10px] leading-4.5 font-bold text-white ring-2 ring-night-950"
          >
            {badge}
          </span>
        )}
      </AppLink>
      <ProfileDropdown account={account} onSignOut={onSignOut} />
    </header>
  );
}
