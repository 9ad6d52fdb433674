// The receipt of a paid order as a PDF (pdfkit, as the promoters' statements): a Spanish simplified invoice with
// the club's legal name and NIF, the lines, the base, the IVA and the total (IVA included in the prices).
import PDFDocument from 'pdfkit';
import { TIME_ZONE } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { billingOf, vatBreakdown } from './billing.ts';
import { FEE_LABEL, type MailLocale } from '../mail/index.ts';
import * as repo from './repository.ts';

const tag = (locale: MailLocale) => (locale === 'es' ? 'es-ES' : 'en-GB');
const euros = (locale: MailLocale, cents: number) =>
  new Intl.NumberFormat(tag(locale), { style: 'currency', currency: 'EUR' }).format(cents / 100);
const day = (locale: MailLocale, iso: string) =>
  new Intl.DateTimeFormat(tag(locale), { timeZone: TIME_ZONE, dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(iso),
  );

// The receipt's words in the buyer's language (a Spanish simplified invoice either way: the same figures).
const WORDS = {
  es: {
    title: 'Factura simplificada',
    number: 'Número',
    date: 'Fecha',
    nifMissing: 'pendiente de indicar por la discoteca',
    buyer: 'Cliente',
    event: 'Evento',
    base: 'Base imponible',
    vat: 'IVA',
    total: 'Total',
    refunded: 'Devuelto',
    footer: 'Pagado con tarjeta a través de Nocturna. IVA incluido.',
    receipt: 'Recibo',
  },
  en: {
    title: 'Simplified invoice',
    number: 'Number',
    date: 'Date',
    nifMissing: 'not given by the club yet',
    buyer: 'Customer',
    event: 'Event',
    base: 'Tax base',
    vat: 'VAT (IVA)',
    total: 'Total',
    refunded: 'Refunded',
    footer: 'Paid by card through Nocturna. VAT included.',
    receipt: 'Receipt',
  },
} satisfies Record<MailLocale, Record<string, string>>;

export type Receipt = {
  locale: MailLocale;
  number: string;
  paidAt: string;
  legalName: string;
  nif: string;
  buyer: string;
  eventName: string;
  eventStartAt: string;
  lines: { label: string; quantity: number; unitCents: number }[];
  baseCents: number;
  vatPercent: number;
  vatCents: number;
  totalCents: number;
  refundedCents: number;
};

export async function receiptOf(
  db: Db,
  userId: string,
  orderId: string,
  locale: MailLocale = 'es',
): Promise<Receipt> {
  const row = await repo
    .selectOrderViews(db)
    .innerJoin('users', 'users.id', 'o.user_id')
    .select('users.name as buyer_name')
    .where('o.id', '=', orderId)
    .where('o.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('El pedido', 'ORDER_NOT_FOUND');
  if (!row.receipt_number || !row.paid_at)
    throw new AppError(
      409,
      'RECEIPT_NOT_AVAILABLE',
      'Este pedido no tiene recibo: no se emitieron entradas.',
    );
  // The club's billing as it was when the order was made (orders from before 0026 were given today's).
  const billing =
    row.legal_name !== null
      ? { legalName: row.legal_name, nif: row.nif ?? '' }
      : await billingOf(db, row.club_id);
  const total = Number(row.total_cents);
  const vat = vatBreakdown(total, Number(row.vat_percent));
  const quantity = Number(row.quantity);
  return {
    locale,
    number: row.receipt_number,
    paidAt: toIso(row.paid_at),
    legalName: billing.legalName,
    nif: billing.nif,
    buyer: row.buyer_name,
    eventName: row.event_name,
    eventStartAt: toIso(row.event_start_at),
    lines: [
      { label: row.type_name, quantity, unitCents: Number(row.unit_price_cents) },
      ...(Number(row.fee_cents) > 0
        ? [{ label: FEE_LABEL[locale], quantity, unitCents: Number(row.fee_cents) }]
        : []),
    ],
    baseCents: vat.baseCents,
    vatPercent: Number(row.vat_percent),
    vatCents: vat.vatCents,
    totalCents: total,
    refundedCents: Number(row.refunded_cents),
  };
}

export async function receiptPdf(r: Receipt): Promise<Buffer> {
  const w = WORDS[r.locale];
  const money = (cents: number) => euros(r.locale, cents);
  const doc = new PDFDocument({
    size: 'A5',
    margin: 36,
    info: { Title: `${w.receipt} ${r.number}`, Author: r.legalName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(15).text(w.title);
  doc.font('Helvetica').fontSize(9).moveDown(0.3);
  doc.text(`${w.number}: ${r.number}`);
  doc.text(`${w.date}: ${day(r.locale, r.paidAt)}`);
  doc.moveDown(0.6).font('Helvetica-Bold').text(r.legalName);
  doc.font('Helvetica').text(`NIF: ${r.nif || w.nifMissing}`);
  doc.moveDown(0.6).text(`${w.buyer}: ${r.buyer}`);
  doc.text(`${w.event}: ${r.eventName} · ${day(r.locale, r.eventStartAt)}`);
  doc.moveDown(0.8);
  for (const line of r.lines)
    doc
      .text(`${line.quantity} × ${line.label} (${money(line.unitCents)})`, { continued: true })
      .text(money(line.unitCents * line.quantity), { align: 'right' });
  doc.moveDown(0.6);
  doc.text(w.base, { continued: true }).text(money(r.baseCents), { align: 'right' });
  doc.text(`${w.vat} (${r.vatPercent} %)`, { continued: true }).text(money(r.vatCents), { align: 'right' });
  doc.font('Helvetica-Bold').text(w.total, { continued: true }).text(money(r.totalCents), { align: 'right' });
  if (r.refundedCents > 0)
    doc
      .font('Helvetica')
      .text(w.refunded, { continued: true })
      .text(`−${money(r.refundedCents)}`, { align: 'right' });
  doc.moveDown(1).font('Helvetica').fontSize(7).text(w.footer);
  doc.end();
  return done;
}
