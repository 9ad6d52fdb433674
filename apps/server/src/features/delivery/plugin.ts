// Copies of a notification outside the app: by e-mail (the ticket with its QR inline, the reminder, the
// cancellation, or the notification's own words for the rest) and by Web Push to every browser the person
// subscribed. Runs as the `notification.deliver` job the notifications service queues after publishing.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  findNotification,
  NOTIFICATION_DELIVERY_JOB,
  wordNotification,
  type DeliveryJob,
} from '../notifications/index.ts';
import { myTicket } from '../tickets/index.ts';
import { localeOf, queueMail, type MailRequest } from '../mail/index.ts';
import { queuePush } from '../push/index.ts';
import type { Notification } from '@nocturna/shared';

// The notification's words in the recipient's language (the account's, else Spanish); an old row's own text.
function wordsIn(n: Notification, locale: 'es' | 'en') {
  return n.message ? wordNotification(n.message, n.data, locale) : { title: n.title, body: n.body };
}

async function mailFor(
  app: FastifyInstance,
  n: Notification,
  to: { email: string; name: string },
): Promise<MailRequest> {
  const locale = await localeOf(app.db, n.userId);
  const path = n.link ?? '/notificaciones';
  const ticketId = n.refs.ticketId;
  if (n.type === 'ticket_issued' && ticketId) {
    const ticket = await myTicket(app.db, n.userId, ticketId).catch(() => null);
    if (ticket)
      return {
        to: to.email,
        template: 'ticketIssued',
        locale,
        data: {
          name: to.name,
          eventName: ticket.event.name,
          clubName: ticket.club.name,
          startAt: ticket.event.startAt,
          ticketType: ticket.type,
          token: ticket.token,
          path,
        },
      };
  }
  if (n.type === 'event_reminder' && ticketId) {
    const ticket = await myTicket(app.db, n.userId, ticketId).catch(() => null);
    if (ticket)
      return {
        to: to.email,
        template: 'eventReminder',
        locale,
        data: {
          name: to.name,
          eventName: ticket.event.name,
          clubName: ticket.club.name,
          startAt: ticket.event.startAt,
          path,
        },
      };
  }
  if (n.type === 'event_cancelled' && n.refs.eventId) {
    const event = await app.db
      .selectFrom('events')
      .select(['name', 'start_at'])
      .where('id', '=', n.refs.eventId)
      .executeTakeFirst();
    if (event)
      return {
        to: to.email,
        template: 'eventCancelled',
        locale,
        data: {
          name: to.name,
          eventName: event.name,
          startAt: new Date(event.start_at).toISOString(),
          path: '/tickets',
        },
      };
  }
  return {
    to: to.email,
    template: 'notification',
    locale,
    data: { name: to.name, ...wordsIn(n, locale), path: n.link },
  };
}

export const deliveryPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.handle(
      NOTIFICATION_DELIVERY_JOB,
      async (payload) => {
        const job = payload as DeliveryJob;
        const notification = await findNotification(app.db, job.notificationId);
        if (!notification) return;
        if (job.push)
          await queuePush(app.db, app.jobs, notification.userId, {
            ...wordsIn(notification, await localeOf(app.db, notification.userId)),
            url: notification.link ?? '/notificaciones',
            tag: notification.type,
          });
        // A refund is always mailed by the payments feature itself (whatever the preferences): no second copy.
        if (job.email && notification.type !== 'payment_refunded') {
          const user = await app.db
            .selectFrom('users')
            .select(['email', 'name', 'deleted_at'])
            .where('id', '=', notification.userId)
            .executeTakeFirst();
          if (user && !user.deleted_at) await queueMail(app.jobs, await mailFor(app, notification, user));
        }
      },
      { sideWork: true },
    );
  },
  { name: 'nocturna-delivery', dependencies: ['nocturna-jobs', 'nocturna-mail', 'nocturna-push'] },
);
