// {GATEWAY_PUBLIC_URL}/invoice/{id}: the invoice as the customer sees it, with "Pay" into its checkout and the PDF.
import { useEffect, useState } from 'react';
import { api, type PublicInvoice } from '../shared/api.ts';
import { ErrorNotice } from '../shared/ErrorNotice.tsx';
import { groupDigits } from '../shared/format.ts';
import { safeHttpUrl } from '../shared/safeUrl.ts';

/** Statuses in which the invoice can no longer be paid (whatever their case: the invoices API names them). */
const SETTLED_OR_CLOSED = /^(paid|void|voided|canceled|cancelled|uncollectible)$/i;

function InvoiceStatus({ status }: { status: string }) {
  return <span className={`badge status-${status.toLowerCase()}`}>{status.replace(/_/g, ' ').toLowerCase()}</span>;
}

export default function InvoicePage({ invoiceId }: { invoiceId: string }) {
  const [invoice, setInvoice] = useState<PublicInvoice>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    api.invoice(invoiceId).then(setInvoice, setError);
  }, [invoiceId]);
  if (!invoice) return error ? <ErrorNotice error={error} title="This invoice is not available" /> : <p>Loading…</p>;

  const pay = invoice.checkout_url ? safeHttpUrl(new URL(invoice.checkout_url, location.href).toString()) : undefined;
  const pdf = invoice.pdf_url ? safeHttpUrl(new URL(invoice.pdf_url, location.href).toString()) : undefined;
  const payable = pay && !SETTLED_OR_CLOSED.test(invoice.status);
  return (
    <section className="card invoice">
      <header className="checkout-header">
        <p className="merchant">{invoice.business_name}</p>
        <h1 className="title">
          Invoice {invoice.number} <InvoiceStatus status={invoice.status} />
        </h1>
        {invoice.customer_name ? <p>Billed to {invoice.customer_name}</p> : null}
        {invoice.due_date ? <p className="muted">Due {invoice.due_date}</p> : null}
      </header>
      <table className="lines">
        <caption className="visually-hidden">Line items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.line_items.map((li, i) => (
            <tr key={i}>
              <td>{li.description}</td>
              <td className="num">{li.quantity}</td>
              <td className="num">{groupDigits(li.unit_amount)}</td>
              <td className="num">{groupDigits(li.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className="num" data-testid="invoice-total">
              {groupDigits(invoice.total)} {invoice.currency}
            </td>
          </tr>
        </tfoot>
      </table>
      {invoice.memo ? <p className="description">{invoice.memo}</p> : null}
      <p className="actions">
        {payable ? (
          <a className="button" href={pay}>
            Pay {groupDigits(invoice.total)} {invoice.currency}
          </a>
        ) : null}
        {pdf ? <a href={pdf}>Download PDF</a> : null}
      </p>
    </section>
  );
}
