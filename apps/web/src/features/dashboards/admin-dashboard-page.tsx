// /admin/dashboard (admin only; the server refuses everyone else): the platform in figures and the demo-data
// button, every club with its editor and figures, users with their roles (grant, revoke, audit), club owners,
// reports, and the catalogue's audit log.
import { useDeferredValue, useState } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/focus-ring.ts';
import { useAdminUsers } from './api/get-admin-users.ts';
import { RoleAuditLog } from './components/role-audit-log.tsx';
import { ContactInbox } from '../contact/index.ts';
import { RoleToggles } from './components/role-toggles.tsx';
import { AdminReportsSection } from '../reports/index.ts';
import { AdminClubOwnersSection } from '../door/index.ts';
import { AdminOverviewSection, AuditLogSection, ClubsSection } from '../management/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

export default function AdminDashboardPage() {
  const { t } = useTranslation('dashboards');
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const users = useAdminUsers(deferred);
  const items = users.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="mx-auto w-full max-w-6xl px-5 py-8 sm:py-12">
      <h1 className="text-3xl font-black tracking-tight text-white">{t('admin.title')}</h1>
      <p className="mt-2 text-white/60">{t('admin.subtitle')}</p>
      <div className="mt-8 grid gap-8">
        <AdminOverviewSection />
        <ClubsSection analyticsBase="admin" />
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card as="section" className="min-w-0" aria-labelledby="users-title">
          <h2 id="users-title" className="text-lg font-bold text-white">
            {t('admin.usersTitle')}
          </h2>
          <label className="relative mt-4 block">
            <span className="sr-only">{t('admin.search')}</span>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-white/40"
              aria-hidden="true"
            />
            <input
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={t('admin.search')}
              className={`h-11 w-full rounded-xl border border-white/10 bg-night-800 pr-3 pl-9 text-white placeholder:text-white/30 ${focusRing}`}
            />
          </label>
          {users.isError && <p className="mt-4 text-sm text-flame-500">{t('admin.error')}</p>}
          {users.isSuccess && items.length === 0 && (
            <p className="mt-4 text-sm text-white/50">{t('admin.noUsers')}</p>
          )}
          <ul className="mt-4 flex flex-col divide-y divide-white/5">
            {items.map((user) => (
              <li
                key={user.id}
                data-user-email={user.email}
                className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="truncate font-semibold text-white">{user.name}</p>
                  <p className="truncate text-sm text-white/50">
                    {user.username ? `@${user.username} · ` : ''}
                    {user.email}
                  </p>
                </div>
                <RoleToggles user={user} />
              </li>
            ))}
          </ul>
          {users.hasNextPage && (
            <Button
              type="button"
              tone="secondary"
              shape="block"
              size="md"
              onClick={() => void users.fetchNextPage()}
              disabled={users.isFetchingNextPage}
              className="mt-4 w-full text-sm"
            >
              {t('admin.loadMore')}
            </Button>
          )}
        </Card>
        <RoleAuditLog />
      </div>
      <AdminClubOwnersSection />
      <AdminReportsSection />
      <div id="contacto" className="mt-8 scroll-mt-24">
        <ContactInbox />
      </div>
      <div className="mt-8">
        <AuditLogSection />
      </div>
    </section>
  );
}
