// Every mail Nocturna sends, in Spanish and English, as plain text and HTML. A template takes its data and the
// public origin and returns the message; the ticket's QR travels inline (cid:ticket-qr).
import QRCode from 'qrcode';
import { TIME_ZONE } from '@nocturna/shared';
import type { Attachment } from 'nodemailer/lib/mailer/index.js';
import { renderHtml, renderText, type MailBody, type MailLocale } from './layout.ts';

export type TemplateData = {
  verifyEmail: { name: string; url: string };
  changeEmail: { name: string; newEmail: string; url: string };
  resetPassword: { name: string; url: string; minutes: number };
  ticketIssued: {
    name: string;
    eventName: string;
    clubName: string;
    startAt: string;
    ticketType: string;
    token: string | null;
    path: string;
  };
  eventReminder: { name: string; eventName: string; clubName: string; startAt: string; path: string };
  eventCancelled: { name: string; eventName: string; startAt: string; path: string };
  contactReply: { name: string; reply: string; original: string };
  notification: { name: string; title: string; body: string; path: string | null };
  exportReady: { name: string; path: string; expiresAt: string };
  deletionScheduled: { name: string; dueAt: string };
  paymentReceipt: {
    name: string;
    receiptNumber: string;
    eventName: string;
    legalName: string;
    nif: string;
    // `fee`: the service fee's line, named here in the buyer's language.
    lines: { label: string; fee?: boolean; quantity: number; unitCents: number }[];
    baseCents: number;
    vatPercent: number;
    vatCents: number;
    totalCents: number;
    path: string;
  };
  paymentRefunded: { name: string; eventName: string; amountCents: number; reason: string; path: string };
};
export type TemplateName = keyof TemplateData;
export const TEMPLATE_NAMES = [
  'verifyEmail',
  'changeEmail',
  'resetPassword',
  'ticketIssued',
  'eventReminder',
  'eventCancelled',
  'contactReply',
  'notification',
  'exportReady',
  'deletionScheduled',
  'paymentReceipt',
  'paymentRefunded',
] as const satisfies readonly TemplateName[];

export type RenderedMail = { subject: string; text: string; html: string; attachments?: Attachment[] };

// Built once per language: an Intl formatter is slow to build, and a sale's ticket mails use the same ones.
const intlTag = (locale: MailLocale) => (locale === 'es' ? 'es-ES' : 'en-GB');
const dayTimeFormats = {} as Record<MailLocale, Intl.DateTimeFormat>;
const euroFormats = {} as Record<MailLocale, Intl.NumberFormat>;

function when(locale: MailLocale, iso: string): string {
  dayTimeFormats[locale] ??= new Intl.DateTimeFormat(intlTag(locale), {
    timeZone: TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  });
  return dayTimeFormats[locale].format(new Date(iso));
}

const euros = (locale: MailLocale, cents: number) =>
  (euroFormats[locale] ??= new Intl.NumberFormat(intlTag(locale), {
    style: 'currency',
    currency: 'EUR',
  })).format(cents / 100);

const REFUND_REASONS: Record<string, { es: string; en: string }> = {
  sold_out: {
    es: 'El pago llegó cuando tu reserva ya había caducado y las entradas se habían agotado.',
    en: 'The payment arrived after your hold had run out and the tickets had sold out.',
  },
  limit: {
    es: 'Ya tenías el máximo de entradas de este tipo.',
    en: 'You already held the most tickets of this type allowed.',
  },
  event_cancelled: { es: 'La discoteca ha cancelado el evento.', en: 'The club cancelled the event.' },
  event_finished: {
    es: 'El pago llegó cuando el evento ya había terminado: no emitimos entradas para él.',
    en: 'The payment arrived after the event had ended: no tickets are issued for it.',
  },
  ticket_cancelled: { es: 'Has cancelado tu entrada.', en: 'You cancelled your ticket.' },
};

export const FEE_LABEL: Record<MailLocale, string> = { es: 'Gastos de gestión', en: 'Booking fee' };

const hello = (locale: MailLocale, name: string) =>
  locale === 'es' ? `Hola, ${name || 'noctámbulo'}:` : `Hi ${name || 'there'},`;

type Built = { subject: string; body: MailBody; attachments?: Attachment[] };

const builders: {
  [K in TemplateName]: (l: MailLocale, d: TemplateData[K], origin: string) => Built | Promise<Built>;
} = {
  verifyEmail: (l, d) => ({
    subject: l === 'es' ? 'Confirma tu correo en Nocturna' : 'Confirm your e-mail on Nocturna',
    body: {
      heading: l === 'es' ? 'Confirma tu correo' : 'Confirm your e-mail',
      paragraphs: [
        hello(l, d.name),
        l === 'es'
          ? 'Pulsa el botón para confirmar que esta dirección es tuya.'
          : 'Press the button to confirm this address is yours.',
      ],
      action: { label: l === 'es' ? 'Confirmar correo' : 'Confirm e-mail', url: d.url },
      note:
        l === 'es'
          ? 'Si no has creado una cuenta en Nocturna, ignora este mensaje.'
          : 'If you did not create a Nocturna account, ignore this message.',
    },
  }),
  changeEmail: (l, d) => ({
    subject: l === 'es' ? 'Confirma tu nuevo correo en Nocturna' : 'Confirm your new e-mail on Nocturna',
    body: {
      heading: l === 'es' ? 'Confirma tu nuevo correo' : 'Confirm your new e-mail',
      paragraphs: [
        hello(l, d.name),
        l === 'es'
          ? `Has pedido usar ${d.newEmail} en tu cuenta. El cambio se hace cuando lo confirmes.`
          : `You asked to use ${d.newEmail} for your account. It changes once you confirm.`,
      ],
      action: { label: l === 'es' ? 'Confirmar el cambio' : 'Confirm the change', url: d.url },
      note:
        l === 'es'
          ? 'Si no has sido tú, ignora este mensaje: tu correo no cambiará.'
          : 'If it was not you, ignore this message: your e-mail stays as it is.',
    },
  }),
  resetPassword: (l, d) => ({
    subject: l === 'es' ? 'Restablece tu contraseña de Nocturna' : 'Reset your Nocturna password',
    body: {
      heading: l === 'es' ? 'Restablece tu contraseña' : 'Reset your password',
      paragraphs: [
        hello(l, d.name),
        l === 'es'
          ? `Alguien (esperamos que tú) ha pedido una contraseña nueva. El enlace vale ${d.minutes} minutos y una sola vez.`
          : `Someone (hopefully you) asked for a new password. The link works for ${d.minutes} minutes, once.`,
      ],
      action: { label: l === 'es' ? 'Elegir contraseña nueva' : 'Choose a new password', url: d.url },
      note:
        l === 'es'
          ? 'Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.'
          : 'If you did not ask for it, ignore this e-mail: your password stays the same.',
    },
  }),
  ticketIssued: async (l, d, origin) => {
    const qr = d.token ? await QRCode.toBuffer(d.token, { type: 'png', width: 360, margin: 2 }) : null;
    return {
      subject: l === 'es' ? `Tu entrada para ${d.eventName}` : `Your ticket for ${d.eventName}`,
      body: {
        heading: l === 'es' ? '¡Tienes entrada!' : 'You have a ticket!',
        paragraphs: [
          hello(l, d.name),
          `${d.eventName} · ${d.clubName}\n${when(l, d.startAt)}\n${d.ticketType}`,
          l === 'es'
            ? 'Enseña este QR en la puerta. También lo tienes en Entradas, incluso sin conexión.'
            : 'Show this QR at the door. It is also in Tickets, even offline.',
        ],
        extraHtml: qr
          ? `<p style="margin:18px 0;text-align:center"><img src="cid:ticket-qr" width="240" height="240" alt="QR"></p>`
          : undefined,
        action: { label: l === 'es' ? 'Ver mi entrada' : 'See my ticket', url: `${origin}${d.path}` },
      },
      attachments: qr
        ? [{ filename: 'entrada-qr.png', content: qr, cid: 'ticket-qr', contentType: 'image/png' }]
        : [],
    };
  },
  eventReminder: (l, d, origin) => ({
    subject: l === 'es' ? `Esta noche: ${d.eventName}` : `Tonight: ${d.eventName}`,
    body: {
      heading: l === 'es' ? 'Tu noche está cerca' : 'Your night is close',
      paragraphs: [
        hello(l, d.name),
        l === 'es'
          ? `${d.eventName} en ${d.clubName} empieza ${when(l, d.startAt)}. Lleva tu QR a mano.`
          : `${d.eventName} at ${d.clubName} starts ${when(l, d.startAt)}. Keep your QR at hand.`,
      ],
      action: { label: l === 'es' ? 'Ver mi entrada' : 'See my ticket', url: `${origin}${d.path}` },
    },
  }),
  eventCancelled: (l, d, origin) => ({
    subject: l === 'es' ? `Cancelado: ${d.eventName}` : `Cancelled: ${d.eventName}`,
    body: {
      heading: l === 'es' ? 'El evento se ha cancelado' : 'The event has been cancelled',
      paragraphs: [
        hello(l, d.name),
        l === 'es'
          ? `Lo sentimos: ${d.eventName} (${when(l, d.startAt)}) no se celebrará. Tu entrada queda cancelada.`
          : `Sorry: ${d.eventName} (${when(l, d.startAt)}) will not take place. Your ticket is cancelled.`,
      ],
      action: { label: l === 'es' ? 'Ver mis entradas' : 'See my tickets', url: `${origin}${d.path}` },
    },
  }),
  contactReply: (l, d) => ({
    subject: l === 'es' ? 'Respuesta de Nocturna a tu mensaje' : 'Nocturna has answered your message',
    body: {
      heading: l === 'es' ? 'Te respondemos' : 'Our answer',
      paragraphs: [
        hello(l, d.name),
        d.reply,
        `${l === 'es' ? 'Tu mensaje' : 'Your message'}:\n> ${d.original.split('\n').join('\n> ')}`,
      ],
    },
  }),
  paymentReceipt: (l, d, origin) => ({
    subject:
      l === 'es'
        ? `Tu recibo ${d.receiptNumber} · ${d.eventName}`
        : `Your receipt ${d.receiptNumber} · ${d.eventName}`,
    body: {
      heading: l === 'es' ? 'Pago confirmado' : 'Payment confirmed',
      paragraphs: [
        hello(l, d.name),
        l === 'es'
          ? `Hemos cobrado tu pedido para ${d.eventName}. Tus entradas ya están en Nocturna.`
          : `We have charged your order for ${d.eventName}. Your tickets are in Nocturna.`,
        d.lines
          .map(
            (line) =>
              `${line.quantity} × ${line.fee ? FEE_LABEL[l] : line.label}: ${euros(l, line.unitCents * line.quantity)}`,
          )
          .join('\n'),
        [
          `${l === 'es' ? 'Base imponible' : 'Tax base'}: ${euros(l, d.baseCents)}`,
          `${l === 'es' ? 'IVA' : 'VAT'} (${d.vatPercent} %): ${euros(l, d.vatCents)}`,
          `${l === 'es' ? 'Total' : 'Total'}: ${euros(l, d.totalCents)}`,
        ].join('\n'),
        `${d.legalName} · NIF ${d.nif || '—'} · ${l === 'es' ? 'Recibo' : 'Receipt'} ${d.receiptNumber}`,
      ],
      action: {
        label: l === 'es' ? 'Descargar recibo (PDF)' : 'Download receipt (PDF)',
        url: `${origin}${d.path}`,
      },
    },
  }),
  paymentRefunded: (l, d, origin) => ({
    subject:
      l === 'es'
        ? `Te devolvemos ${euros(l, d.amountCents)} · ${d.eventName}`
        : `We are refunding ${euros(l, d.amountCents)} · ${d.eventName}`,
    body: {
      heading: l === 'es' ? 'Devolución en camino' : 'Refund on its way',
      paragraphs: [
        hello(l, d.name),
        REFUND_REASONS[d.reason]?.[l] ?? '',
        l === 'es'
          ? `Te devolvemos ${euros(l, d.amountCents)} a la tarjeta con la que pagaste. Según tu banco, lo verás en 5 a 10 días.`
          : `We are refunding ${euros(l, d.amountCents)} to the card you paid with. Depending on your bank it shows in 5 to 10 days.`,
      ].filter(Boolean),
      action: { label: l === 'es' ? 'Ver el pedido' : 'See the order', url: `${origin}${d.path}` },
    },
  }),
  notification: (l, d, origin) => ({
    subject: d.title,
    body: {
      heading: d.title,
      paragraphs: [hello(l, d.name), d.body],
      action: d.path
        ? { label: l === 'es' ? 'Abrir Nocturna' : 'Open Nocturna', url: `${origin}${d.path}` }
        : undefined,
      note:
        l === 'es'
          ? 'Eliges qué correos recibes en Ajustes → Notificaciones.'
          : 'Choose which e-mails you get in Settings → Notifications.',
    },
  }),
  exportReady: (l, d, origin) => ({
    subject: l === 'es' ? 'Tus datos de Nocturna están listos' : 'Your Nocturna data is ready',
    body: {
      heading: l === 'es' ? 'Tu archivo está listo' : 'Your archive is ready',
      paragraphs: [
        hello(l, d.name),
        l === 'es'
          ? `Puedes descargarlo desde Ajustes hasta ${when(l, d.expiresAt)}.`
          : `You can download it from Settings until ${when(l, d.expiresAt)}.`,
      ],
      action: { label: l === 'es' ? 'Ir a Ajustes' : 'Go to Settings', url: `${origin}${d.path}` },
    },
  }),
  deletionScheduled: (l, d) => ({
    subject: l === 'es' ? 'Tu cuenta de Nocturna se eliminará' : 'Your Nocturna account will be deleted',
    body: {
      heading: l === 'es' ? 'Cuenta en proceso de eliminación' : 'Account scheduled for deletion',
      paragraphs: [
        hello(l, d.name),
        l === 'es'
          ? `Eliminaremos tu cuenta ${when(l, d.dueAt)}. Si cambias de idea, inicia sesión antes y se cancela.`
          : `We will delete your account ${when(l, d.dueAt)}. Changed your mind? Sign in before then and it is cancelled.`,
      ],
    },
  }),
};

export async function renderMail<K extends TemplateName>(
  template: K,
  locale: MailLocale,
  data: TemplateData[K],
  origin: string,
): Promise<RenderedMail> {
  const built = await builders[template](locale, data, origin);
  return {
    subject: built.subject,
    text: renderText(locale, built.body),
    html: renderHtml(locale, built.body),
    attachments: built.attachments,
  };
}
