// The one look every mail shares: a dark header with the brand, the message, a button for the main link and the
// link again in plain text (some clients strip buttons). Everything interpolated is escaped.
export type MailLocale = 'es' | 'en';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const FOOTER: Record<MailLocale, string> = {
  es: 'Nocturna · La noche de Madrid. Recibes este correo por tu cuenta en Nocturna.',
  en: 'Nocturna · Madrid by night. You get this e-mail because of your Nocturna account.',
};

export type MailBody = {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  // Extra HTML placed after the paragraphs (already escaped), e.g. the ticket's QR image.
  extraHtml?: string;
  note?: string;
};

export function renderHtml(locale: MailLocale, body: MailBody): string {
  const paragraphs = body.paragraphs
    .map((p) => `<p style="margin:0 0 14px;line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const action = body.action
    ? `<p style="margin:22px 0"><a href="${escapeHtml(body.action.url)}" style="background:#a855f7;color:#fff;padding:12px 20px;border-radius:10px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(body.action.label)}</a></p>` +
      `<p style="margin:0 0 14px;font-size:13px;color:#555;word-break:break-all"><a href="${escapeHtml(body.action.url)}">${escapeHtml(body.action.url)}</a></p>`
    : '';
  const note = body.note
    ? `<p style="margin:14px 0 0;font-size:13px;color:#666">${escapeHtml(body.note)}</p>`
    : '';
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(body.heading)}</title></head>
<body style="margin:0;background:#f4f2f8;font-family:Arial,Helvetica,sans-serif;color:#1a1625">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:16px;overflow:hidden">
<tr><td style="background:#0b0814;color:#fff;padding:18px 24px;font-size:20px;font-weight:900;letter-spacing:1px">NOCTURNA</td></tr>
<tr><td style="padding:24px"><h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(body.heading)}</h1>${paragraphs}${body.extraHtml ?? ''}${action}${note}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#777;border-top:1px solid #eee">${escapeHtml(FOOTER[locale])}</td></tr>
</table></td></tr></table></body></html>`;
}

export function renderText(locale: MailLocale, body: MailBody): string {
  const lines = [body.heading, '', ...body.paragraphs.flatMap((p) => [p, ''])];
  if (body.action) lines.push(`${body.action.label}: ${body.action.url}`, '');
  if (body.note) lines.push(body.note, '');
  lines.push('--', FOOTER[locale]);
  return lines.join('\n');
}
