// The layout every page sits in: desktop sidebar or mobile header + drawer + bottom bar, the lazy page
// (with "Cargando módulo..." while its module loads), the auth modal host and the toaster.
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasAuthReturn, loadAuthModalHost, openAuthModal, useAuthModal } from '../../features/auth/index.ts';
import { registerServiceWorker } from '../pwa/register-service-worker.ts';
import { BottomTabBar } from './bottom-tab-bar.tsx';
import { DesktopSidebar } from './desktop-sidebar.tsx';
import { LoadingModule } from './loading-module.tsx';
import { MobileDrawer } from './mobile-drawer.tsx';
import { MobileHeader } from './mobile-header.tsx';
import { RouteProgress } from './route-progress.tsx';
import { SiteFooter } from './site-footer.tsx';
import { sidebarItems } from './nav-items.ts';
import { withDoorItem } from '../../features/door/index.ts';
import { useDrawer } from './use-drawer.ts';
import { useIsMobile } from './use-is-mobile.ts';
import { useKeyboardOpen } from './use-keyboard-open.ts';
import { useShellAccount } from './use-shell-account.ts';
import { useSidebarCollapsed } from './use-sidebar-collapsed.ts';
import { SIGNED_OUT, SignedInStateReader, type SignedInState } from './signed-in-state.tsx';
import { useHydrated } from '../../components/use-hydrated.ts';
import { HydrationBoundary } from '../../components/hydration/hydration-boundary.tsx';
import { NotificationsRealtime } from '../../features/notifications/index.ts';
import { PresenceReporter } from '../../features/presence/index.ts';
import { useKeepWalletOffline } from '../../features/tickets/index.ts';

// The shell's own lazy parts are extras: when their code cannot arrive (the signal lost before the service worker
// kept it), the page goes on without them instead of failing whole.
const Nothing = () => null;
const extra = (load: () => Promise<React.ComponentType>) =>
  lazy(() =>
    load().then(
      (Component) => ({ default: Component }),
      () => ({ default: Nothing }),
    ),
  );

// The toaster (and the CSS-in-JS it brings, which restyles the page when it starts) loads once the page is live.
const AppToaster = extra(() => import('./app-toaster.tsx').then((m) => m.AppToaster));

// The modal's forms (and their validation) are not needed to draw the first page: they load right after it.
const AuthModalHost = extra(loadAuthModalHost);

// The toaster exists only in the browser, once the page has hydrated (its style sheet would otherwise restyle
// the whole page mid-hydration). The auth host, with its forms and their validation, loads when it has work:
// the dialog was opened, someone is signed in (a Google account without a username completes its profile
// there) or the page came back from Google.
function AfterHydration({ signedIn }: { signedIn: boolean }) {
  const hydrated = useHydrated();
  const { requested } = useAuthModal();
  const [backFromGoogle] = useState(() => typeof window !== 'undefined' && hasAuthReturn());
  if (!hydrated) return null;
  return (
    <>
      {(requested || signedIn || backFromGoogle) && (
        <Suspense fallback={null}>
          <AuthModalHost />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  );
}

// The bars redraw only when what they show changes, not on every change of the shell's own state (the session
// arriving, the breakpoint read after hydrating): each redraw of all four would be a long task on a phone.
const Sidebar = memo(DesktopSidebar);
const Header = memo(MobileHeader);
const Drawer = memo(MobileDrawer);
const BottomBar = memo(BottomTabBar);

export function AppShell() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const drawer = useDrawer(isMobile, pathname);
  const sidebar = useSidebarCollapsed();
  const keyboardOpen = useKeyboardOpen();
  const [signedInState, setSignedInState] = useState<SignedInState>(SIGNED_OUT);
  const { account, userId, roles, signOut } = useShellAccount(signedInState);
  // What was read for this user; nothing of another's (a sign-out, or another account signing in).
  const { unread, messagesUnread, whatsNewUnread, showDoor } =
    userId !== null && signedInState.userId === userId ? signedInState : SIGNED_OUT;
  const items = useMemo(() => withDoorItem(sidebarItems(roles), showDoor), [roles, showDoor]);
  // The page (and its boundary) is not drawn again when only the shell's own state changes: the breakpoint, the
  // sidebar and the session are read once the server's HTML has hydrated, and a new element here would make React
  // finish hydrating the page at once, in one long task, instead of in slices.
  const page = useMemo(
    () => (
      <HydrationBoundary fallback={<LoadingModule />}>
        <Outlet />
      </HydrationBoundary>
    ),
    [],
  );

  useEffect(() => registerServiceWorker(), []);
  useKeepWalletOffline(userId);

  const panel = useMemo(
    () => ({
      items,
      pathname,
      unread,
      messagesUnread,
      whatsNewUnread,
      signedIn: Boolean(account),
      onSignIn: () => openAuthModal('signIn'),
      onSignOut: signOut,
    }),
    [items, pathname, unread, messagesUnread, whatsNewUnread, account, signOut],
  );
  const { close: closeDrawer } = drawer;
  const signInFromDrawer = useCallback(() => {
    closeDrawer('link');
    openAuthModal('signIn');
  }, [closeDrawer]);

  return (
    <div className="min-h-dvh bg-night-950 text-white">
      <a
        href="#main"
        className="fixed top-2 left-2 z-[70] -translate-y-20 rounded-lg bg-neon-600 px-4 py-2 font-semibold text-white focus:translate-y-0 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
      >
        {t('skipToContent')}
      </a>
      <RouteProgress />
      {/* The sidebar, the header, the drawer, the page and the bottom bar are boundaries of their own: React
          hydrates each on its own, in slices, so a phone's main thread is never held for the whole page at once,
          and a tap on one hydrates it first. */}
      <HydrationBoundary>
        <Sidebar {...panel} collapsed={sidebar.collapsed} onToggleCollapsed={sidebar.toggle} />
      </HydrationBoundary>
      <HydrationBoundary>
        <Header
          drawerOpen={drawer.open}
          onToggleDrawer={drawer.toggle}
          unread={unread}
          whatsNewUnread={whatsNewUnread}
          account={account}
          onSignOut={signOut}
        />
      </HydrationBoundary>
      <HydrationBoundary>
        <Drawer {...panel} open={drawer.open} onClose={drawer.close} onSignIn={signInFromDrawer} />
      </HydrationBoundary>
      <div
        className={`transition-[padding] duration-200 ease-out ${sidebar.collapsed ? 'lg:pl-16' : 'lg:pl-72'}`}
      >
        <main id="main" tabIndex={-1} className="min-h-dvh pt-16 outline-none lg:pt-0">
          {page}
        </main>
        <HydrationBoundary>
          <SiteFooter roomForBar={!keyboardOpen} />
        </HydrationBoundary>
      </div>
      <HydrationBoundary>
        <BottomBar pathname={pathname} hidden={keyboardOpen} />
      </HydrationBoundary>
      {userId !== null && <SignedInStateReader key={userId} userId={userId} onChange={setSignedInState} />}
      <AfterHydration signedIn={userId !== null} />
      <NotificationsRealtime userId={userId} />
      <PresenceReporter />
    </div>
  );
}

// The route's element: the shell itself hydrates after the providers (its hooks set up the session, the unread counts
// and the stored sidebar state), then each of its parts after it.
export function ShellRoute() {
  return (
    <HydrationBoundary>
      <AppShell />
    </HydrationBoundary>
  );
}
