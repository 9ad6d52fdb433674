import { useRef } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/focus-ring.ts';
import { Brand } from './brand.tsx';
import { NavPanel } from './nav-panel.tsx';
import type { NavItem } from './nav-items.ts';
import { useFocusTrap } from './use-focus-trap.ts';

type Props = {
  open: boolean;
  items: NavItem[];
  pathname: string;
  unread: number;
  messagesUnread?: number;
  whatsNewUnread?: number;
  signedIn: boolean;
  onClose: (reason: 'overlay' | 'escape' | 'link') => void;
  onSignIn: () => void;
  onSignOut: () => void;
};

// Below 1024 px the sidebar slides in from the left over an overlay; it is a modal dialog while open.
export function MobileDrawer({ open, onClose, ...panel }: Props) {
  const { t } = useTranslation('shell');
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, open);
  return (
    <div className={`lg:hidden ${open ? '' : 'pointer-events-none'}`} aria-hidden={!open} inert={!open}>
      <div
        data-testid="drawer-overlay"
        aria-hidden="true"
        onClick={() => onClose('overlay')}
        className={`fixed inset-0 z-40 bg-black/60 backdrop-blur-sm transition-opacity duration-200 ${open ? 'opacity-100' : 'opacity-0'}`}
      />
      <div
        ref={ref}
        id="mobile-drawer"
        role="dialog"
        aria-modal="true"
        aria-label={t('sidebar.label')}
        data-testid="mobile-drawer"
        data-open={open}
        tabIndex={-1}
        className={`fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-white/10 bg-night-900 shadow-2xl shadow-black transition-transform duration-200 ease-out ${
          open ? 'translate-x-0' : '-translate-x-full'
        }`}
      >
        <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-white/5 px-4">
          <Brand />
          <button
            type="button"
            onClick={() => onClose('link')}
            aria-label={t('header.closeMenu')}
            className={`grid size-10 place-items-center rounded-lg text-white/70 hover:bg-white/5 hover:text-white ${focusRing}`}
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <NavPanel {...panel} onNavigate={() => onClose('link')} />
      </div>
    </div>
  );
}
