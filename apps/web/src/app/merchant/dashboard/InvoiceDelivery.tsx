// How an invoice reached its customer (delivery.email), said in words, and the button that mails it again
// (POST /v1/invoices/{id}/send). The button is offered to writers for an open or overdue invoice whose mail is not
// waiting for the relay; the API's refusals (rate limit, no mail server) are shown as it words them.
import { gateway, ok, type Invoice } from './dashboardApi.ts';
import { useDashboard } from './dashboardContext.ts';
import { ApiErrorText } from './Field.tsx';
import { useAction } from './useAction.ts';

const WORDS: Record<Invoice['delivery']['email'], { label: string; tone: string; hint: string }> = {
  not_configured: {
    label: 'not emailed',
    tone: 'attention',
    hint: 'This server has no mail relay: share the invoice URL with the customer yourself.',
  },
  queued: { label: 'email queued', tone: '', hint: 'Waiting to be handed to the mail relay.' },
  sent: { label: 'email sent', tone: 'good', hint: 'The mail relay accepted the invoice email.' },
  failed: {
    label: 'email failed',
    tone: 'attention',
    hint: 'The mail relay refused the invoice email on every attempt. Check the address, then send it again.',
  },
  skipped: { label: 'email skipped', tone: '', hint: 'Voided or paid before the email went out.' },
};

export function DeliveryBadge({ invoice }: { invoice: Invoice }) {
  const w = WORDS[invoice.delivery.email];
  return (
    <span className={`badge ${w.tone}`} title={w.hint} data-testid="invoice-delivery">
      {w.label}
    </span>
  );
}

export function InvoiceDelivery({ invoice, onSent }: { invoice: Invoice; onSent: () => Promise<void> | void }) {
  const { can } = useDashboard();
  const { busy, error, run } = useAction();
  const state = invoice.delivery.email;
  const sendable = can('write') && (invoice.status === 'open' || invoice.status === 'overdue') && state !== 'queued';
  async function send() {
    await run(async () => {
      await ok(gateway.POST('/v1/invoices/{id}/send', { params: { path: { id: invoice.id } } }));
      await onSent();
    });
  }
  return (
    <div className="invoice-delivery">
      <p>
        Delivery to {invoice.customer_email}: <DeliveryBadge invoice={invoice} />{' '}
        <span className="muted small">{WORDS[state].hint}</span>
      </p>
      {sendable ? (
        <button type="button" className="secondary small" disabled={busy} onClick={() => void send()}>
          {state === 'not_configured' ? 'Send by email' : 'Send again'}
        </button>
      ) : null}
      <ApiErrorText error={error} />
    </div>
  );
}
