import { LogIn, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/focus-ring.ts';
import { SideTooltip } from '../../components/side-tooltip.tsx';
import { NavLinkItem } from './nav-link-item.tsx';
import { WHATS_NEW_ITEM, type NavItem } from './nav-items.ts';

type Props = {
  items: NavItem[];
  pathname: string;
  unread: number;
  // Unread private messages, on the "Mensajes" item.
  messagesUnread?: number;
  // New items in the "Novedades" feed, shown as a dot beside the notifications badge.
  whatsNewUnread?: number;
  signedIn: boolean;
  collapsed?: boolean;
  onNavigate?: () => void;
  onSignIn: () => void;
  onSignOut: () => void;
};

// The body shared by the desktop sidebar and the mobile drawer: nav table, "Novedades" with the badge, footer.
export function NavPanel({
  items,
  pathname,
  unread,
  messagesUnread = 0,
  whatsNewUnread = 0,
  signedIn,
  collapsed = false,
  onNavigate,
  onSignIn,
  onSignOut,
}: Props) {
  const { t } = useTranslation('shell');
  const footerLabel = signedIn ? t('sidebar.signOut') : t('sidebar.signIn');
  const FooterIcon = signedIn ? LogOut : LogIn;
  return (
    <>
      <nav
        aria-label={t('sidebar.label')}
        className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto px-2 py-3 [scrollbar-width:thin]"
      >
        <ul className="flex flex-col gap-0.5">
          {items.map((item) => (
            <NavLinkItem
              key={item.id}
              item={item}
              pathname={pathname}
              collapsed={collapsed}
              badge={item.id === 'messages' ? messagesUnread : 0}
              onNavigate={onNavigate}
            />
          ))}
        </ul>
        <div className="my-3 h-px bg-white/5" aria-hidden="true" />
        <ul>
          <NavLinkItem
            item={WHATS_NEW_ITEM}
            pathname={pathname}
            collapsed={collapsed}
            badge={unread}
            dot={whatsNewUnread}
            onNavigate={onNavigate}
          />
        </ul>
      </nav>
      <div className="border-t border-white/5 p-2">
        <SideTooltip label={footerLabel} enabled={collapsed}>
          <button
            type="button"
            onClick={signedIn ? onSignOut : onSignIn}
            aria-label={collapsed ? footerLabel : undefined}
            className={`flex h-11 w-full items-center gap-3 rounded-xl text-sm font-semibold transition-colors ${collapsed ? 'justify-center' : 'px-3'} ${
              signedIn
                ? 'text-white/70 hover:bg-white/5 hover:text-white'
                : 'bg-neon-600 text-white shadow-[0_0_24px] shadow-neon-600/30 hover:bg-neon-700'
            } ${focusRing}`}
          >
            <FooterIcon aria-hidden="true" className="size-5 shrink-0" />
            {!collapsed && <span className="truncate">{footerLabel}</span>}
          </button>
        </SideTooltip>
      </div>
    </>
  );
}
