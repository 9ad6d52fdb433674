// The admin dashboard's contact inbox: open messages oldest first, each with "reply by e-mail" and "mark handled";
// the handled ones with their answer.
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ContactMessage } from '@nocturna/shared';
import { focusRing } from '../../../components/focus-ring.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useAdminContact, useAnswerContact } from '../api/admin-contact.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';

function when(iso: string, lang: string) {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'es-ES', {
    timeZone: 'Europe/Madrid',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

function InboxItem({ message }: { message: ContactMessage }) {
  const { t, i18n } = useTranslation('contact');
  const errorText = useErrorText();
  const answer = useAnswerContact();
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState('');
  const onError = (error: Error) => toast.error(errorText(error, t('error')));
  return (
    <li className="rounded-xl border border-white/10 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-white">
          {message.name} <span className="font-normal break-all text-white/60">· {message.email}</span>
        </p>
        <p className="text-xs text-white/50">
          {t(`topics.${message.topic}`)} · {when(message.createdAt, i18n.language)}
          {message.signedIn ? ` · ${t('inbox.member')}` : ''}
        </p>
      </div>
      <p className="mt-2 text-sm whitespace-pre-wrap text-white/80">{message.message}</p>
      {message.status === 'handled' ? (
        <p className="mt-3 rounded-lg bg-white/5 p-3 text-sm text-white/70">
          {message.reply
            ? t('inbox.replied', { who: message.handledBy ?? '—' })
            : t('inbox.handledBy', { who: message.handledBy ?? '—' })}
          {message.reply && (
            <span className="mt-1 block whitespace-pre-wrap text-white/80">{message.reply}</span>
          )}
        </p>
      ) : replying ? (
        <form
          className="mt-3 flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (reply.trim().length < 2) return toast.error(t('inbox.replyRequired'));
            answer.mutate(
              { id: message.id, reply },
              { onSuccess: () => toast.success(t('inbox.replySent')), onError },
            );
          }}
        >
          <label htmlFor={`reply-${message.id}`} className="text-sm font-medium text-white/80">
            {t('inbox.replyLabel', { email: message.email })}
          </label>
          <textarea
            id={`reply-${message.id}`}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            rows={4}
            className={`w-full rounded-xl border border-white/10 bg-night-800 p-3 text-sm text-white ${focusRing}`}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={answer.isPending}>
              {t('inbox.send')}
            </Button>
            <Button tone="secondary" type="button" onClick={() => setReplying(false)}>
              {t('inbox.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="button" onClick={() => setReplying(true)}>
            {t('inbox.reply')}
          </Button>
          <Button
            tone="secondary"
            type="button"
            disabled={answer.isPending}
            onClick={() =>
              answer.mutate(
                { id: message.id },
                { onSuccess: () => toast.success(t('inbox.markedHandled')), onError },
              )
            }
          >
            {t('inbox.markHandled')}
          </Button>
        </div>
      )}
    </li>
  );
}

export function ContactInbox() {
  const { t } = useTranslation('contact');
  const [status, setStatus] = useState<'open' | 'handled'>('open');
  const inbox = useAdminContact(status);
  const tabsId = useId();
  return (
    <Card as="section" surface="soft" aria-labelledby="contact-inbox-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="contact-inbox-title" className="text-lg font-bold text-white">
          {t('inbox.title')}
          {inbox.data && inbox.data.openCount > 0 && (
            <span className="ml-2 rounded-full bg-neon-600 px-2 py-0.5 text-xs">{inbox.data.openCount}</span>
          )}
        </h2>
        <Tabs
          id={tabsId}
          look="segmented"
          label={t('inbox.title')}
          tabs={(['open', 'handled'] as const).map((s) => ({ value: s, label: t(`inbox.${s}`) }))}
          selected={status}
          onSelect={setStatus}
        />
      </div>
      <TabPanel id={tabsId} selected={status}>
        {inbox.isError && <p className="mt-3 text-sm text-flame-500">{t('error')}</p>}
        {inbox.data?.items.length === 0 && (
          <p className="mt-4 text-sm text-white/60">{t(`inbox.empty.${status}`)}</p>
        )}
        <ul className="mt-4 flex flex-col gap-3">
          {inbox.data?.items.map((message) => (
            <InboxItem key={message.id} message={message} />
          ))}
        </ul>
      </TabPanel>
    </Card>
  );
}
