// /dev/outbox (development, or DEV_OUTBOX=true; never with SMTP_URL; only from the server's own machine): the mails the app wrote to DATA_DIR/outbox instead of sending
// them, newest first, each readable in full (its HTML in a sandboxed frame) with its links clickable.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { focusRing } from '../../components/focus-ring.ts';

type OutboxEntry = { id: string; to: string; subject: string; text: string; html: string; createdAt: string };

const LINK = /https?:\/\/[^\s<>"]+/g;

export default function OutboxPage() {
  const { t } = useTranslation('contact');
  const outbox = useQuery({
    queryKey: ['dev', 'outbox'],
    queryFn: async () => (await api<{ items: OutboxEntry[] }>('/api/dev/outbox')).items,
    refetchInterval: 3000,
    retry: false,
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const open = outbox.data?.find((m) => m.id === openId) ?? null;
  const links = open ? [...new Set(open.text.match(LINK) ?? [])] : [];

  return (
    <section className="mx-auto w-full max-w-5xl px-5 py-8">
      <h1 className="text-3xl font-black text-white">{t('outbox.title')}</h1>
      <p className="mt-2 text-sm text-white/60">{t('outbox.description')}</p>
      {outbox.isError && (
        <p role="alert" className="mt-6 text-flame-500">
          {outbox.error instanceof ApiRequestError && outbox.error.status === 404
            ? t('outbox.off')
            : outbox.error instanceof ApiRequestError && outbox.error.status === 403
              ? t('outbox.localOnly')
              : t('error')}
        </p>
      )}
      {outbox.data?.length === 0 && <p className="mt-6 text-white/60">{t('outbox.empty')}</p>}
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <ul className="flex min-w-0 flex-col gap-2" aria-label={t('outbox.list')}>
          {outbox.data?.map((mail) => (
            <li key={mail.id}>
              <button
                type="button"
                onClick={() => setOpenId(mail.id)}
                aria-current={mail.id === openId}
                className={`w-full rounded-xl border p-3 text-left ${mail.id === openId ? 'border-neon-500 bg-neon-500/10' : 'border-white/10 hover:border-white/25'} ${focusRing}`}
              >
                <span className="block truncate font-semibold text-white">{mail.subject}</span>
                <span className="block truncate text-xs text-white/60">
                  {mail.to} · {new Date(mail.createdAt).toLocaleString()}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {open && (
          <article
            aria-label={open.subject}
            className="min-w-0 rounded-2xl border border-white/10 bg-night-900/80 p-4"
          >
            <h2 className="text-lg font-bold text-white">{open.subject}</h2>
            <p className="text-sm text-white/60">{t('outbox.to', { to: open.to })}</p>
            {links.length > 0 && (
              <ul className="mt-3 flex flex-col gap-1" aria-label={t('outbox.links')}>
                {links.map((href) => (
                  <li key={href}>
                    <a href={href} className="break-all text-sm font-medium text-neon-300 underline">
                      {href}
                    </a>
                  </li>
                ))}
              </ul>
            )}
            <iframe
              title={open.subject}
              srcDoc={open.html}
              sandbox=""
              className="mt-4 h-[32rem] w-full rounded-xl bg-white"
            />
          </article>
        )}
      </div>
    </section>
  );
}
