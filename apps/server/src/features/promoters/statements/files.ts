// A statement as the files a promoter and a club keep: CSV (one row per ticket, then adjustments and totals) and
// PDF (pdfkit). Both are drawn from the same Statement the screens show. Dates in Europe/Madrid.
import PDFDocument from 'pdfkit';
import type { Statement } from '@nocturna/shared';

const madrid = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const when = (iso: string | null) => (iso ? madrid.format(new Date(iso)) : '');
const euros = (cents: number) =>
  `${(cents / 100).toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;

const STATUS: Record<string, string> = {
  valid: 'Sin entrar',
  used: 'Entró',
  cancelled: 'Cancelada',
  transferred: 'Transferida',
};
const REASON: Record<string, string> = {
  checked_in_later: 'Entró después del pago',
  cancelled_later: 'Cancelada después del pago',
  rule_changed: 'Cambio de comisión',
  new_ticket: 'Entrada nueva',
};

export function statementTitle(s: Statement): string {
  const scope = s.scope.kind === 'event' ? s.scope.eventName : `${when(s.scope.from)} – ${when(s.scope.to)}`;
  return `Liquidación ${s.promoter.name} · ${s.club.name} · ${scope}`;
}

export function statementFileName(s: Statement, ext: 'csv' | 'pdf'): string {
  const scope =
    s.scope.kind === 'event' ? s.scope.eventId : `${s.scope.from?.slice(0, 10)}_${s.scope.to?.slice(0, 10)}`;
  return `liquidacion-${s.promoter.code}-${scope}.${ext}`.replace(/[^A-Za-z0-9._-]/g, '-');
}

const cell = (v: string | number) => {
  const text = String(v);
  return /[";\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function statementCsv(s: Statement): string {
  const rows: (string | number)[][] = [
    [
      'entrada',
      'evento',
      'fecha',
      'tipo',
      'titular',
      'canal',
      'estado',
      'entrada_en',
      'precio_eur',
      'comision_eur',
    ],
    ...s.lines.map((l) => [
      l.ticketId,
      l.eventName,
      when(l.eventStartAt),
      l.type,
      l.holderName,
      l.channel === 'list' ? 'lista' : 'enlace/código',
      STATUS[l.status] ?? l.status,
      when(l.checkedInAt),
      (l.priceCents / 100).toFixed(2),
      (l.commissionCents / 100).toFixed(2),
    ]),
    ...s.adjustments.map((a) => [
      a.ticketId,
      a.eventName,
      '',
      'AJUSTE',
      a.holderName,
      '',
      REASON[a.reason] ?? a.reason,
      '',
      '',
      (a.deltaCents / 100).toFixed(2),
    ]),
    [
      'TOTAL',
      '',
      '',
      '',
      '',
      '',
      `${s.totals.checkedIn} entraron de ${s.totals.tickets}`,
      '',
      '',
      (s.totals.commission.cents / 100).toFixed(2),
    ],
  ];
  // A BOM so spreadsheet programs open the accents right; ';' as the Spanish locale expects.
  return `\uFEFF${rows.map((r) => r.map(cell).join(';')).join('\r\n')}\r\n`;
}

export async function statementPdf(s: Statement): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: statementTitle(s), Author: 'Nocturna' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(16).text('Liquidación de RPP');
  doc.moveDown(0.3).font('Helvetica').fontSize(10);
  doc.text(`RPP: ${s.promoter.name} (código ${s.promoter.code})`);
  doc.text(`Discoteca: ${s.club.name}`);
  doc.text(
    s.scope.kind === 'event'
      ? `Evento: ${s.scope.eventName}`
      : `Periodo: ${when(s.scope.from)} – ${when(s.scope.to)}`,
  );
  doc.text(
    s.paid
      ? `Pagada el ${when(s.paid.at)}${s.paid.by ? ` por ${s.paid.by}` : ''}: ${euros(s.paid.total.cents)}`
      : 'Pendiente de pago',
  );
  doc.moveDown();

  const cols = [
    { title: 'Evento', w: 130 },
    { title: 'Tipo', w: 70 },
    { title: 'Titular', w: 110 },
    { title: 'Estado', w: 70 },
    { title: 'Entró', w: 75 },
    { title: 'Comisión', w: 60 },
  ];
  const row = (values: string[], bold = false) => {
    if (doc.y > 770) doc.addPage();
    const y = doc.y;
    let x = 40;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    values.forEach((v, i) => {
      doc.text(v, x, y, { width: cols[i]!.w - 4, height: 11, ellipsis: true, lineBreak: false });
      x += cols[i]!.w;
    });
    doc.x = 40;
    doc.y = y + 13;
  };
  row(
    cols.map((c) => c.title),
    true,
  );
  for (const l of s.lines)
    row([
      l.eventName,
      l.type,
      l.holderName,
      STATUS[l.status] ?? l.status,
      when(l.checkedInAt),
      euros(l.commissionCents),
    ]);
  if (s.adjustments.length) {
    doc.moveDown();
    row(['Ajustes tras el pago', '', '', '', '', ''], true);
    for (const a of s.adjustments)
      row([a.eventName, '', a.holderName, REASON[a.reason] ?? a.reason, '', euros(a.deltaCents)]);
  }
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(10);
  doc.text(`Entradas: ${s.totals.tickets} · Entraron: ${s.totals.checkedIn}`, 40);
  doc.text(`Comisión: ${euros(s.totals.commission.cents)}`, 40);
  if (s.adjustments.length) doc.text(`Ajustes pendientes: ${euros(s.adjustmentsTotalCents)}`, 40);
  doc.end();
  return done;
}
