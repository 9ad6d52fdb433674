import { opensOwnDocument } from '@nocturna/shared/camera-pages';
import { useEffect, useId, useRef, useState } from 'react';
import { LogOut, UserRound } from 'lucide-react';
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import type { Role } from '@nocturna/shared/constants';
import { focusRing } from '../../components/focus-ring.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../lib/paths.ts';
import { dropdownItems, roleLinks, type NavItem } from './nav-items.ts';
import { useFocusTrap } from './use-focus-trap.ts';

export type DropdownAccount = {
  name: string | null;
  email: string;
  image?: string | null;
  roles: readonly Role[];
};

const row = `flex h-10 items-center gap-3 rounded-lg px-3 text-sm text-white/80 hover:bg-white/5 hover:text-white ${focusRing}`;

// A page link of the menu; the pages that use the camera load as a document of their own (Permissions-Policy).
function MenuLink({ item, iconClass, onClick }: { item: NavItem; iconClass: string; onClick: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <AppLink to={item.path} reloadDocument={opensOwnDocument(item.path)} onClick={onClick} className={row}>
      <item.icon aria-hidden="true" className={`size-4 ${iconClass}`} />
      {t(item.labelKey)}
    </AppLink>
  );
}

// The header's profile menu: signed in, who you are, your dashboards, six nav items and sign out;
// signed out, an invitation with Iniciar Sesión and Registrarse. It traps focus and Escape closes it.
export function ProfileDropdown({
  account,
  onSignOut,
}: {
  account: DropdownAccount | null;
  onSignOut: () => void;
}) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const id = useId();
  useFocusTrap(panel, open);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const close = () => setOpen(false);
  const name = account?.name?.trim() || t('dropdown.fallbackName');
  const initial = name.charAt(0).toUpperCase();

  return (
    <div ref={wrapper} className="relative">
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-label={t('header.profileMenu')}
        aria-expanded={open}
        aria-controls={id}
        data-testid="profile-toggle"
        className={`grid size-10 place-items-center rounded-xl ${focusRing}`}
      >
        {account ? (
          account.image ? (
            <img
              src={account.image}
              alt=""
              className="size-8 rounded-full object-cover ring-2 ring-neon-500"
            />
          ) : (
            <span
              aria-hidden="true"
              className="grid size-8 place-items-center rounded-full bg-gradient-to-br from-neon-500 to-flame-500 text-sm font-bold text-white"
            >
              {initial}
            </span>
          )
        ) : (
          <UserRound aria-hidden="true" className="size-5 text-white/80" />
        )}
      </button>
      {open && (
        <div
          ref={panel}
          id={id}
          role="dialog"
          aria-label={t('header.profileMenu')}
          data-testid="profile-dropdown"
          className="absolute top-12 right-0 z-50 w-72 max-w-[calc(100vw-1rem)] overflow-hidden rounded-2xl border border-white/10 bg-night-900 p-2 shadow-2xl shadow-black/60"
        >
          {account ? (
            <>
              <div className="px-3 pt-2 pb-3">
                <p className="truncate font-semibold text-white" data-testid="dropdown-name">
                  {name}
                </p>
                <p className="truncate text-sm text-white/60">{account.email}</p>
              </div>
              {account.roles.length > 0 && (
                <div className="border-t border-white/5 py-1.5" data-testid="dropdown-dashboards">
                  <p className="px-3 py-1 text-[11px] font-semibold tracking-wider text-neon-400 uppercase">
                    {t('dropdown.dashboards')}
                  </p>
                  {roleLinks(account.roles).map((item) => (
                    <MenuLink key={item.id} item={item} iconClass="text-neon-400" onClick={close} />
                  ))}
                </div>
              )}
              <nav
                aria-label={t('dropdown.navigation')}
                className="border-t border-white/5 py-1.5"
                data-testid="dropdown-nav"
              >
                {dropdownItems().map((item) => (
                  <MenuLink key={item.id} item={item} iconClass="text-white/50" onClick={close} />
                ))}
              </nav>
              <div className="border-t border-white/5 pt-1.5">
                <button
                  type="button"
                  onClick={() => {
                    close();
                    onSignOut();
                  }}
                  className={`${row} w-full text-flame-500 hover:text-flame-500`}
                >
                  <LogOut aria-hidden="true" className="size-4" />
                  {t('dropdown.signOut')}
                </button>
              </div>
            </>
          ) : (
            <div className="p-3">
              <p className="text-lg font-bold text-white">{t('dropdown.join')}</p>
              <p className="mt-1 text-sm text-white/60">{t('dropdown.joinText')}</p>
              <div className="mt-4 flex flex-col gap-2">
                <AppLink
                  to={paths.login}
                  onClick={close}
                  className={buttonClass({ tone: 'primary', shape: 'block' })}
                >
                  {t('dropdown.signIn')}
                </AppLink>
                <AppLink
                  to={paths.register}
                  onClick={close}
                  className={`flex h-11 items-center justify-center rounded-xl border border-white/15 font-semibold text-white hover:bg-white/5 ${focusRing}`}
                >
                  {t('dropdown.register')}
                </AppLink>
              </div>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
