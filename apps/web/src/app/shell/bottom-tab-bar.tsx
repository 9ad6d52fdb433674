import { opensOwnDocument } from '@nocturna/shared/camera-pages';
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/focus-ring.ts';
import { bottomBarItems, isActivePath } from './nav-items.ts';

// The first five nav items under the thumb. It steps aside while the on-screen keyboard is open.
export function BottomTabBar({ pathname, hidden }: { pathname: string; hidden: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <nav
      aria-label={t('bottomBar.label')}
      data-testid="bottom-tab-bar"
      data-hidden={hidden}
      hidden={hidden}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-white/5 bg-night-950/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-md lg:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5">
        {bottomBarItems().map((item) => {
          const active = isActivePath(item.path, pathname);
          const Icon = item.icon;
          return (
            <li key={item.id} className="flex">
              <AppLink
                to={item.path}
                reloadDocument={opensOwnDocument(item.path)}
                aria-current={active ? 'page' : undefined}
                className={`relative flex flex-1 flex-col items-center justify-center gap-1 rounded-xl text-[11px] font-medium transition-colors ${
                  active ? 'text-white' : 'text-white/70 hover:text-white'
                } ${focusRing}`}
              >
                {active && (
                  <span
                    aria-hidden="true"
                    className="absolute top-0 h-0.5 w-8 rounded-full bg-neon-400 shadow-[0_0_10px] shadow-neon-500"
                  />
                )}
                <Icon aria-hidden="true" className={`size-5 ${active ? 'text-neon-400' : ''}`} />
                <span className="max-w-full truncate px-1">{t(item.labelKey)}</span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
