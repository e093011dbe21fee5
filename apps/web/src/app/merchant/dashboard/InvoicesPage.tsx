// Invoices: create (line items; every rule the API checks shown at its field), list, view, copy the public URL, void;
// how each reached its customer, and send it again (InvoiceDelivery.tsx).
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../shared/money.ts';
import { CopyText, StatusBadge, when } from './Bits.tsx';
import { useDashboard } from './dashboardContext.ts';
import { gateway, ok, type Invoice } from './dashboardApi.ts';
import { ApiErrorText, Field } from './Field.tsx';
import { DeliveryBadge, InvoiceDelivery } from './InvoiceDelivery.tsx';
import { NetworkChoice } from './NetworkChoice.tsx';
import { Link } from './router.tsx';
import { useAction } from './useAction.ts';
import { useLoad } from './useLoad.ts';
import { listOf } from '../../shared/listOf.ts';

export default function InvoicesPage() {
  const { can } = useDashboard();
  const invoices = useLoad(() => ok(gateway.GET('/v1/invoices', { params: { query: { limit: 100 } } })), []);
  const [open, setOpen] = useState<string | null>(null);
  const { error, run } = useAction();

  async function voidInvoice(inv: Invoice) {
    await run(async () => {
      await ok(gateway.POST('/v1/invoices/{id}/void', { params: { path: { id: inv.id } } }));
      await invoices.reload();
    });
  }

  return (
    <div className="stack">
      <section className="card" aria-labelledby="invoices-heading">
        <h1 id="invoices-heading">Invoices</h1>
        <ApiErrorText error={invoices.error ?? error} />
        {listOf(invoices.data).empty ? <p className="muted">No invoice yet.</p> : null}
        <ul className="rows">
          {listOf(invoices.data).items.map((inv) => (
            <li key={inv.id}>
              <div className="row-with-actions">
                <span>
                  <strong>{inv.number}</strong> · {inv.customer_name} · {formatMoney(inv.total, inv.currency)} ·{' '}
                  <StatusBadge status={inv.status} /> <DeliveryBadge invoice={inv} />
                  <div className="muted small">
                    <a href={inv.url}>{inv.url}</a> · due {when(inv.due_at)}
                  </div>
                </span>
                <span className="actions">
                  <CopyText text={inv.url} label={`Copy the URL of invoice ${inv.number}`} />
                  <button
                    type="button"
                    className="secondary small"
                    aria-expanded={open === inv.id}
                    onClick={() => setOpen(open === inv.id ? null : inv.id)}
                  >
                    View
                  </button>
                  {can('write') && (inv.status === 'open' || inv.status === 'overdue') ? (
                    <button type="button" className="secondary small danger" onClick={() => void voidInvoice(inv)}>
                      Void
                    </button>
                  ) : null}
                </span>
              </div>
              {open === inv.id ? (
                <div className="invoice-view">
                  <p>
                    {inv.customer_email}
                    {inv.memo ? ` · ${inv.memo}` : ''}
                  </p>
                  <InvoiceDelivery invoice={inv} onSent={() => invoices.reload()} />
                  <table className="lines">
                    <tbody>
                      {inv.line_items.map((li, i) => (
                        <tr key={i}>
                          <td>{li.description}</td>
                          <td className="num">× {li.quantity}</td>
                          <td className="num">{formatMoney(li.amount, inv.currency)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {inv.payment_intent_id ? (
                    <Link to={`payments/${encodeURIComponent(inv.payment_intent_id)}`}>Its payment</Link>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {can('write') ? <CreateInvoice onCreated={() => void invoices.reload()} /> : null}
    </div>
  );
}

interface Line {
  description: string;
  quantity: string;
  unit_amount: string;
}

function CreateInvoice({ onCreated }: { onCreated: () => void }) {
  const [customerName, setCustomerName] = useState('');
  const [customerEmail, setCustomerEmail] = useState('');
  const [memo, setMemo] = useState('');
  const [dueInDays, setDueInDays] = useState('14');
  const [lines, setLines] = useState<Line[]>([{ description: '', quantity: '1', unit_amount: '' }]);
  const [networks, setNetworks] = useState<string[]>([]);
  const { busy, error, run } = useAction();
  const [created, setCreated] = useState<Invoice | null>(null);

  const setLine = (i: number, k: keyof Line, v: string) =>
    setLines(lines.map((l, j) => (j === i ? { ...l, [k]: v } : l)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    await run(async () => {
      const inv = await ok(
        gateway.POST('/v1/invoices', {
          body: {
            customer_name: customerName,
            customer_email: customerEmail,
            ...(memo ? { memo } : {}),
            // Sent as typed: the API names a non-integer or out-of-range value at its field.
            due_in_days: Number(dueInDays),
            line_items: lines.map((l) => ({
              description: l.description,
              quantity: Number(l.quantity),
              unit_amount: l.unit_amount,
            })),
            ...(networks.length ? { networks } : {}),
          },
        }),
      );
      setCreated(inv);
      setLines([{ description: '', quantity: '1', unit_amount: '' }]);
      onCreated();
    });
  }

  return (
    <section className="card" aria-labelledby="create-invoice-heading">
      <h2 id="create-invoice-heading">Create an invoice</h2>
      {created ? (
        <p className="notice" role="status">
          Invoice {created.number} created: <a href={created.url}>{created.url}</a>
        </p>
      ) : null}
      <form onSubmit={(e) => void submit(e)} noValidate className="inline-form">
        <Field id="customer_name" label="Customer name" error={error}>
          {(p) => <input {...p} value={customerName} onChange={(e) => setCustomerName(e.target.value)} />}
        </Field>
        <Field id="customer_email" label="Customer email" error={error}>
          {(p) => (
            <input {...p} type="email" value={customerEmail} onChange={(e) => setCustomerEmail(e.target.value)} />
          )}
        </Field>
        <Field id="memo" label="Memo (optional)" error={error}>
          {(p) => <input {...p} value={memo} onChange={(e) => setMemo(e.target.value)} />}
        </Field>
        <Field id="due_in_days" label="Due in days" error={error} hint="1 to 90">
          {(p) => <input {...p} inputMode="numeric" value={dueInDays} onChange={(e) => setDueInDays(e.target.value)} />}
        </Field>
        <fieldset className="line-items">
          <legend>Line items</legend>
          {lines.map((l, i) => (
            <div key={i} className="line-item">
              <Field
                id={`line-${i}-description`}
                path={`line_items[${i}].description`}
                label="Description"
                error={error}
              >
                {(p) => (
                  <input {...p} value={l.description} onChange={(e) => setLine(i, 'description', e.target.value)} />
                )}
              </Field>
              <Field id={`line-${i}-quantity`} path={`line_items[${i}].quantity`} label="Quantity" error={error}>
                {(p) => (
                  <input
                    {...p}
                    inputMode="numeric"
                    value={l.quantity}
                    onChange={(e) => setLine(i, 'quantity', e.target.value)}
                  />
                )}
              </Field>
              <Field id={`line-${i}-unit`} path={`line_items[${i}].unit_amount`} label="Unit amount" error={error}>
                {(p) => (
                  <input
                    {...p}
                    inputMode="decimal"
                    value={l.unit_amount}
                    onChange={(e) => setLine(i, 'unit_amount', e.target.value)}
                  />
                )}
              </Field>
              {lines.length > 1 ? (
                <button
                  type="button"
                  className="secondary small"
                  onClick={() => setLines(lines.filter((_, j) => j !== i))}
                >
                  Remove line {i + 1}
                </button>
              ) : null}
            </div>
          ))}
          <button
            type="button"
            className="secondary small"
            onClick={() => setLines([...lines, { description: '', quantity: '1', unit_amount: '' }])}
          >
            Add a line
          </button>
        </fieldset>
        <NetworkChoice id="invoice-networks" value={networks} onChange={setNetworks} error={error} />
        <button type="submit" disabled={busy}>
          Create invoice
        </button>
        <ApiErrorText error={error} />
      </form>
    </section>
  );
}
