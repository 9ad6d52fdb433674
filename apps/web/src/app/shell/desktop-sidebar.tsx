import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/focus-ring.ts';
import { Brand } from './brand.tsx';
import { NavPanel } from './nav-panel.tsx';
import type { NavItem } from './nav-items.ts';

type Props = {
  items: NavItem[];
  pathname: string;
  unread: number;
  messagesUnread?: number;
  whatsNewUnread?: number;
  signedIn: boolean;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onSignIn: () => void;
  onSignOut: () => void;
};

// Fixed left column from 1024 px: w-72 (288 px) expanded, w-16 (64 px) collapsed to icons.
export function DesktopSidebar({ collapsed, onToggleCollapsed, ...panel }: Props) {
  const { t } = useTranslation('shell');
  const toggleLabel = collapsed ? t('sidebar.expand') : t('sidebar.collapse');
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <aside
      data-testid="desktop-sidebar"
      data-collapsed={collapsed}
      className={`fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-white/5 bg-night-900/95 backdrop-blur transition-[width] duration-200 ease-out lg:flex ${collapsed ? 'w-16' : 'w-72'}`}
    >
      <div
        className={`flex h-16 shrink-0 items-center border-b border-white/5 ${collapsed ? 'flex-col justify-center px-2' : 'justify-between gap-2 px-4'}`}
      >
        {!collapsed && <Brand />}
        <button
          type="button"
          onClick={onToggleCollapsed}
          aria-label={toggleLabel}
          aria-expanded={!collapsed}
          title={toggleLabel}
          className={`grid size-9 shrink-0 place-items-center rounded-lg text-white/60 transition-colors hover:bg-white/5 hover:text-white ${focusRing}`}
        >
          <ToggleIcon aria-hidden="true" className="size-5" />
        </button>
      </div>
      <NavPanel {...panel} collapsed={collapsed} />
    </aside>
  );
}
