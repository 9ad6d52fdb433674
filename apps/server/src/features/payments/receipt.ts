// The receipt of a paid order as a PDF (pdfkit, as the promoters' statements): a Spanish simplified invoice with
// the club's legal name and NIF, the lines, the base, the IVA and the total (IVA included in the prices).
import PDFDocument from 'pdfkit';
import { TIME_ZONE } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { billingOf, vatBreakdown } from './billing.ts';
import * as repo from './repository.ts';

const euros = (cents: number) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const day = (iso: string) =>
  new Intl.DateTimeFormat('es-ES', { timeZone: TIME_ZONE, dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(iso),
  );

export type Receipt = {
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

export async function receiptOf(db: Db, userId: string, orderId: string): Promise<Receipt> {
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
  const billing = await billingOf(db, row.club_id);
  const total = Number(row.total_cents);
  const vat = vatBreakdown(total, Number(row.vat_percent));
  const quantity = Number(row.quantity);
  return {
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
        ? [{ label: 'Gastos de gestión', quantity, unitCents: Number(row.fee_cents) }]
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
  const doc = new PDFDocument({
    size: 'A5',
    margin: 36,
    info: { Title: `Recibo ${r.number}`, Author: r.legalName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(15).text('Factura simplificada');
  doc.font('Helvetica').fontSize(9).moveDown(0.3);
  doc.text(`Número: ${r.number}`);
  doc.text(`Fecha: ${day(r.paidAt)}`);
  doc.moveDown(0.6).font('Helvetica-Bold').text(r.legalName);
  doc.font('Helvetica').text(`NIF: ${r.nif || 'pendiente de indicar por la discoteca'}`);
  doc.moveDown(0.6).text(`Cliente: ${r.buyer}`);
  doc.text(`Evento: ${r.eventName} · ${day(r.eventStartAt)}`);
  doc.moveDown(0.8);
  for (const line of r.lines)
    doc
      .text(`${line.quantity} × ${line.label} (${euros(line.unitCents)})`, { continued: true })
      .text(euros(line.unitCents * line.quantity), { align: 'right' });
  doc.moveDown(0.6);
  doc.text('Base imponible', { continued: true }).text(euros(r.baseCents), { align: 'right' });
  doc.text(`IVA (${r.vatPercent} %)`, { continued: true }).text(euros(r.vatCents), { align: 'right' });
  doc.font('Helvetica-Bold').text('Total', { continued: true }).text(euros(r.totalCents), { align: 'right' });
  if (r.refundedCents > 0)
    doc
      .font('Helvetica')
      .text('Devuelto', { continued: true })
      .text(`−${euros(r.refundedCents)}`, { align: 'right' });
  doc
    .moveDown(1)
    .font('Helvetica')
    .fontSize(7)
    .text('Pagado con tarjeta a través de Nocturna. IVA incluido.');
  doc.end();
  return done;
}
