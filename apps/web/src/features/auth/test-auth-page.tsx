// /test-auth (issue item 11): the session as the server sees it, for whoever has to find out why access fails.
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../lib/paths.ts';
import { useMe } from './api/use-me.ts';
import { useSignOut } from './api/use-sign-out.ts';
import { useSession } from './api/use-session.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';

export default function TestAuthPage() {
  const { t, i18n } = useTranslation('auth');
  const { user } = useSession();
  const me = useMe(user?.id ?? '');
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (me.isPending) return <CenteredStatus text={t('gate.verifying')} />;
  if (me.isError || !me.data) {
    return (
      <p role="alert" className="mx-auto max-w-2xl px-5 py-12 text-flame-500">
        {t('testAuth.error')}
      </p>
    );
  }
  const { user: account, session, roles } = me.data;
  const rows: [string, string][] = [
    [t('testAuth.userId'), account.id],
    [t('testAuth.email'), account.email],
    [t('testAuth.username'), account.username ?? '—'],
    [t('testAuth.roles'), roles.length ? roles.join(', ') : t('testAuth.noRoles')],
    [t('testAuth.sessionId'), session.id],
    [
      t('testAuth.expiresAt'),
      new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: 'Europe/Madrid',
      }).format(new Date(session.expiresAt)),
    ],
    [t('testAuth.profileComplete'), account.profileComplete ? t('testAuth.yes') : t('testAuth.no')],
  ];
  return (
    <section className="mx-auto w-full max-w-2xl px-5 py-8 sm:py-12">
      <h1 className="text-3xl font-black tracking-tight text-white">{t('testAuth.title')}</h1>
      <p className="mt-2 text-white/60">{t('testAuth.subtitle')}</p>
      <dl className="mt-8 divide-y divide-white/10 rounded-2xl border border-white/10 bg-night-900">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-5 py-3 sm:grid-cols-3">
            <dt className="text-sm text-white/50">{label}</dt>
            <dd className="font-mono text-sm break-all text-white sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      <Button
        type="button"
        tone="secondary"
        shape="block"
        onClick={() => void signOut().then(() => navigate(paths.home))}
        className="mt-6 w-fit"
      >
        {t('testAuth.signOut')}
      </Button>
    </section>
  );
}
