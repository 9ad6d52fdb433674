// The mail feature on the server: the transport (SMTP or the outbox folder), the `mail.send` job that renders a
// template and sends it, the mails better-auth asks for (verify, change e-mail, reset password), and in
// development the outbox routes the /dev/outbox page reads.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@nocturna/shared';
import type { AuthMailer } from '../../auth/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { createMailTransport, listOutbox, readOutbox, type MailTransport } from './transport.ts';
import { renderMail, type TemplateName, type TemplateData } from './templates.ts';
import { MAIL_JOB, localeOf, mailJobSchema, queueMail } from './service.ts';
import { publicOrigin } from '../../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailTransport: MailTransport;
  }
}

export const RESET_TOKEN_MINUTES = 60;

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

const outboxEntry = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const transport = createMailTransport(app.config);
    app.decorate('mailTransport', transport);
    app.addHook('onClose', async () => transport.close());

    app.jobs.handle(
      MAIL_JOB,
      async (payload, { log }) => {
        const job = mailJobSchema.parse(payload);
        const template: TemplateName = job.template;
        const rendered = await renderMail(
          template,
          job.locale,
          job.data as TemplateData[typeof template],
          publicOrigin(app.config),
        );
        await transport.send({ to: job.to, replyTo: job.replyTo, ...rendered });
        log.info({ template, via: transport.kind }, 'mail sent');
      },
      { sideWork: true },
    );

    const origin = () => publicOrigin(app.config);
    app.decorate('authMailer', {
      resetPassword: async ({ user, token, cookie }) => {
        await queueMail(app.jobs, {
          to: user.email,
          template: 'resetPassword',
          locale: await localeOf(app.db, user.id, cookie),
          data: {
            name: user.name,
            url: `${origin()}/restablecer-contrasena?token=${encodeURIComponent(token)}`,
            minutes: RESET_TOKEN_MINUTES,
          },
        });
      },
      verifyEmail: async ({ user, url, cookie }) => {
        const stored = await app.db
          .selectFrom('users')
          .select('email')
          .where('id', '=', user.id)
          .executeTakeFirst();
        const locale = await localeOf(app.db, user.id, cookie);
        // better-auth sends an e-mail change's confirmation through the same call, to the new address.
        if (stored && stored.email !== user.email) {
          await queueMail(app.jobs, {
            to: user.email,
            template: 'changeEmail',
            locale,
            data: { name: user.name, newEmail: user.email, url },
          });
          return;
        }
        await queueMail(app.jobs, {
          to: user.email,
          template: 'verifyEmail',
          locale,
          data: { name: user.name, url },
        });
      },
    } satisfies AuthMailer);

    if (!app.config.mail.outboxPage || transport.kind !== 'outbox') return;
    // Development only: the outbox, so a person can open the mails the app "sent" and click their links. It holds
    // everyone's reset links, so it answers only the machine the server runs on: the connection must come from
    // loopback, and so must the client a trusted proxy names (a proxy on the same host forwards everyone).
    // Without TRUST_PROXY, a loopback connection that carries a forwarding header came through a proxy on this
    // host, on behalf of someone else: refused too.
    const proxied = (request: FastifyRequest) =>
      !app.config.trustProxy && PROXY_HEADERS.some((header) => request.headers[header] !== undefined);
    const localOnly = async (request: FastifyRequest) => {
      if (!isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip) || proxied(request))
        throw new AppError(
          403,
          'OUTBOX_LOCAL_ONLY',
          'El outbox solo se abre desde el ordenador donde corre el servidor.',
        );
    };
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/api/dev/outbox',
      {
        onRequest: localOnly,
        schema: {
          tags: ['correo'],
          summary: 'Correos escritos en DATA_DIR/outbox (solo en desarrollo)',
          response: { 200: z.object({ items: z.array(outboxEntry) }), 403: apiErrorSchema },
        },
      },
      async () => ({ items: await listOutbox(app.config) }),
    );
    api.get(
      '/api/dev/outbox/:id',
      {
        onRequest: localOnly,
        schema: {
          tags: ['correo'],
          summary: 'Un correo del outbox (solo en desarrollo)',
          params: z.object({ id: z.string().max(64) }),
          response: { 200: outboxEntry, 403: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const entry = await readOutbox(app.config, request.params.id);
        if (!entry) throw notFound('El correo', 'MAIL_NOT_FOUND');
        return entry;
      },
    );
  },
  { name: 'nocturna-mail', dependencies: ['nocturna-jobs'] },
);
