// The invoice as a PDF (pdfkit, standard Helvetica: no font files, no network). Rendered per request from the same
// row the public page reads, so the PDF and the page never disagree; small (one page up to ~25 lines, more pages
// after that), so there is nothing to cache.
import PDFDocument from 'pdfkit';
import { money } from '../payments/model.ts';
import { formatInvoiceNumber, invoiceStatusOf, type InvoiceRow } from './invoice.ts';

export function renderInvoicePdf(
  row: InvoiceRow,
  p: { businessName: string; publicUrl: string; now: Date },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${formatInvoiceNumber(row.number)}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const amount = (units: string) => `${money(units, row.decimals)} ${row.currency}`;
  const status = invoiceStatusOf(row, p.now);

  doc.font('Helvetica-Bold').fontSize(20).text(p.businessName);
  doc.moveDown(0.5);
  doc
    .font('Helvetica')
    .fontSize(12)
    .text(`Invoice ${formatInvoiceNumber(row.number)}`);
  doc.text(`Issued ${row.created_at.toISOString().slice(0, 10)} · Due ${row.due_at.toISOString().slice(0, 10)}`);
  doc.text(`Status: ${status}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Bill to');
  doc.font('Helvetica').text(row.customer_name).text(row.customer_email);
  doc.moveDown();

  const x = { desc: 50, qty: 330, unit: 380, amount: 470 };
  const header = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10);
    doc.text('Description', x.desc, y, { width: 270 });
    doc.text('Qty', x.qty, y, { width: 45, align: 'right' });
    doc.text('Unit', x.unit, y, { width: 85, align: 'right' });
    doc.text('Amount', x.amount, y, { width: 75, align: 'right' });
    doc.font('Helvetica');
    doc.moveDown(0.5);
  };
  header();
  for (const li of row.line_items) {
    if (doc.y > 740) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.text(li.description, x.desc, y, { width: 270 });
    const after = doc.y;
    doc.text(String(li.quantity), x.qty, y, { width: 45, align: 'right' });
    doc.text(money(li.unit_amount_units, row.decimals), x.unit, y, { width: 85, align: 'right' });
    doc.text(money(li.amount_units, row.decimals), x.amount, y, { width: 75, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  }
  doc.moveDown();
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Total: ${amount(row.total_units)}`, x.desc, doc.y, {
      width: 495,
      align: 'right',
    });
  doc.font('Helvetica').fontSize(10);
  if (row.memo) {
    doc.moveDown();
    doc.text(row.memo, x.desc, doc.y, { width: 495 });
  }
  doc.moveDown();
  doc.text(`Pay online: ${p.publicUrl}/invoice/${row.id}`, x.desc, doc.y, { width: 495 });
  doc.text(`Payable in ${row.currency} (the issuer's official token) on the networks offered at checkout.`, {
    width: 495,
  });
  doc.end();
  return done;
}
