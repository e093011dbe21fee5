// What the owner sees of the agent: mailboxes and messages, numbers and calls, events, and every payment.
import type { OwnerEvent, OwnerMailbox, OwnerMessage, OwnerPayment, OwnerPhone } from './ownerApi.ts';

const when = (iso: string) => new Date(iso).toLocaleString();

export function OwnerMailboxes({ mailboxes, messages }: { mailboxes: OwnerMailbox[]; messages: OwnerMessage[] }) {
  return (
    <section className="card" aria-labelledby="mailboxes-heading">
      <h2 id="mailboxes-heading">Mailboxes</h2>
      {mailboxes.length === 0 ? <p className="muted">No mailbox yet.</p> : null}
      <ul className="rows">
        {mailboxes.map((m) => (
          <li key={m.mailboxId}>
            <strong>{m.address}</strong> {m.displayName} · {m.messages} messages · {m.status}
          </li>
        ))}
      </ul>
      <h3>Latest messages</h3>
      {messages.length === 0 ? <p className="muted">No message yet.</p> : null}
      <ul className="rows">
        {messages.slice(0, 20).map((m) => (
          <li key={m.emailId}>
            {m.direction === 'inbound' ? 'From' : 'To'} {m.direction === 'inbound' ? m.from : m.to.join(', ')}: “
            {m.subject}” · {when(m.receivedAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OwnerPhoneNumbers({ phone }: { phone: OwnerPhone }) {
  const transcriptOf = new Map(phone.transcripts.map((t) => [t.callId, t.entries]));
  return (
    <section className="card" aria-labelledby="phone-heading">
      <h2 id="phone-heading">Phone numbers and calls</h2>
      {!phone.available && phone.numbers.length === 0 ? (
        <p className="muted">Telephony is not offered on this deployment.</p>
      ) : null}
      {phone.available && phone.numbers.length === 0 ? <p className="muted">No number yet.</p> : null}
      <ul className="rows">
        {phone.numbers.map((n) => (
          <li key={n.phoneNumberId}>
            <code>{n.number}</code> · {n.agentName} · <span className="badge">{n.status}</span> · expires{' '}
            {when(n.expiresAt)} · {Math.floor(n.inboundAllowanceSeconds / 60)} inbound min left
          </li>
        ))}
      </ul>
      {phone.calls.length > 0 ? <h3>Calls</h3> : null}
      <ul className="rows">
        {phone.calls.map((c) => {
          const lines = transcriptOf.get(c.callId);
          return (
            <li key={c.callId}>
              {c.direction} · <code>{c.fromNumber}</code> → <code>{c.toNumber}</code> ·{' '}
              <span className="badge">{c.status}</span> · {c.authorisedSeconds} s authorised · {when(c.createdAt)}
              {lines ? (
                <ol className="transcript">
                  {lines.map((e) => (
                    <li key={e.seq}>
                      <strong>{e.speaker}</strong>: {e.text}
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function OwnerEvents({ events }: { events: OwnerEvent[] }) {
  return (
    <section className="card" aria-labelledby="events-heading">
      <h2 id="events-heading">Events</h2>
      {events.length === 0 ? <p className="muted">No event yet.</p> : null}
      <ul className="rows">
        {events.slice(0, 50).map((e) => (
          <li key={e.eventId}>
            {e.type} · <span className="badge">{e.status}</span> · {when(e.createdAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AgentPayments({ payments }: { payments: OwnerPayment[] }) {
  return (
    <section className="card" aria-labelledby="payments-heading">
      <h2 id="payments-heading">Payments made by the agent</h2>
      {payments.length === 0 ? <p className="muted">No payment yet.</p> : null}
      <ul className="rows">
        {payments.map((p) => (
          <li key={p.paymentId}>
            {p.serviceId} · {p.amount} {p.currency} · {p.state}
            {p.transaction ? (
              <>
                {' '}
                · tx <code title={p.transaction}>{p.transaction}</code>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
