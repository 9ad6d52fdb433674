// /contact: write to Nocturna, signed in or not. The server checks everything again with the same rules (its refusal
// names the field, which gets the same words as here); a hidden "website" field catches bots.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_MESSAGE_MAX, CONTACT_TOPICS, contactFormSchema } from '@nocturna/shared/account';
import { focusRing } from '../../components/focus-ring.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { useSession } from '../auth/api/use-session.ts';
import { useSendContact } from './api/send-contact.ts';
import { Button } from '../../components/ui/button.tsx';

const FIELDS = ['name', 'email', 'topic', 'message'] as const;
type Field = (typeof FIELDS)[number];

export default function ContactPage() {
  const { t } = useTranslation('contact');
  const errorText = useErrorText();
  const { user } = useSession();
  const send = useSendContact();
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = contactFormSchema.safeParse(data);
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= t(`errors.${field}`);
      }
      return setErrors(found);
    }
    setErrors({});
    send.mutate(data as never, {
      onSuccess: () => setDone(true),
      onError: (error) => {
        const field = error instanceof ApiRequestError ? FIELDS.find((f) => f === error.field) : undefined;
        if (field) setErrors({ [field]: t(`errors.${field}`) });
        else setErrors({ form: errorText(error, t('error')) });
      },
    });
  };

  return (
    <section className="mx-auto w-full max-w-xl px-5 py-8 sm:py-12">
      <h1 className="text-3xl font-black tracking-tight text-white">{t('title')}</h1>
      <p className="mt-2 text-white/60">{t('subtitle')}</p>
      {done ? (
        <div
          role="status"
          className="mt-8 rounded-2xl border border-neon-500/40 bg-neon-500/10 p-5 text-white"
        >
          <p className="font-semibold">{t('sent.title')}</p>
          <p className="mt-1 text-sm text-white/70">{t('sent.body')}</p>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-8 flex flex-col gap-4">
          <Field label={t('fields.name')} error={errors.name}>
            <Input name="name" autoComplete="name" defaultValue={user?.name ?? ''} />
          </Field>
          <Field label={t('fields.email')} error={errors.email}>
            <Input name="email" type="email" autoComplete="email" defaultValue={user?.email ?? ''} />
          </Field>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="contact-topic" className="text-sm font-medium text-white/80">
              {t('fields.topic')}
            </label>
            <Select
              id="contact-topic"
              name="topic"
              defaultValue=""
              aria-invalid={Boolean(errors.topic)}
              aria-describedby={errors.topic ? 'contact-topic-note' : undefined}
            >
              <option value="" disabled>
                {t('topicPlaceholder')}
              </option>
              {CONTACT_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {t(`topics.${topic}`)}
                </option>
              ))}
            </Select>
            {errors.topic && (
              <p id="contact-topic-note" role="alert" className="text-xs text-flame-500">
                {errors.topic}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="contact-message" className="text-sm font-medium text-white/80">
              {t('fields.message')}
            </label>
            <textarea
              id="contact-message"
              name="message"
              rows={6}
              maxLength={CONTACT_MESSAGE_MAX}
              aria-invalid={Boolean(errors.message)}
              aria-describedby={errors.message ? 'contact-message-note' : undefined}
              className={`w-full rounded-xl border border-white/10 bg-night-800 p-3 text-white placeholder:text-white/30 ${focusRing}`}
            />
            {errors.message && (
              <p id="contact-message-note" role="alert" className="text-xs text-flame-500">
                {errors.message}
              </p>
            )}
          </div>
          {/* The honeypot: off-screen and out of the tab order; people never fill it. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="contact-website">Website</label>
            <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          {errors.form && (
            <p role="alert" className="text-sm text-flame-500">
              {errors.form}
            </p>
          )}
          <Button type="submit" disabled={send.isPending} className="self-start">
            {send.isPending ? t('sending') : t('submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
