// The agent owner's dashboard (/owner/): wallet sign-in, then what the agent owns and paid for, and its token.
import { useCallback, useEffect, useState } from 'react';
import './owner.css';
import { ErrorNotice } from '../shared/ErrorNotice.tsx';
import { AccessTokenReplacement } from './AccessTokenReplacement.tsx';
import {
  ownerApi,
  ownerSession,
  type OwnerEvent,
  type OwnerMailbox,
  type OwnerMessage,
  type OwnerPayment,
  type OwnerPhone,
  type Overview,
} from './ownerApi.ts';
import { AgentPayments, OwnerEvents, OwnerMailboxes, OwnerPhoneNumbers } from './OwnerLists.tsx';
import { WalletSignIn } from './WalletSignIn.tsx';

interface Dashboard {
  overview: Overview;
  mailboxes: OwnerMailbox[];
  messages: OwnerMessage[];
  events: OwnerEvent[];
  payments: OwnerPayment[];
  phone: OwnerPhone;
}

export default function OwnerDashboardPage() {
  const [signedIn, setSignedIn] = useState(() => ownerSession.get() !== null);
  const [data, setData] = useState<Dashboard | null>(null);
  const [error, setError] = useState<unknown>(null);

  const load = useCallback(async () => {
    try {
      const [overview, mailboxes, messages, events, payments, phone] = await Promise.all([
        ownerApi.overview(),
        ownerApi.mailboxes(),
        ownerApi.messages(),
        ownerApi.events(),
        ownerApi.payments(),
        ownerApi.phone(),
      ]);
      setData({
        overview,
        mailboxes: mailboxes.mailboxes,
        messages: messages.messages,
        events: events.events,
        payments: payments.payments,
        phone,
      });
      setError(null);
    } catch (err) {
      setError(err);
      if (!ownerSession.get()) setSignedIn(false);
    }
  }, []);

  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);

  if (!signedIn) return <WalletSignIn onSignedIn={() => setSignedIn(true)} />;
  if (error && !data) return <ErrorNotice error={error} title="The dashboard could not load" />;
  if (!data) return <p className="muted">Loading…</p>;

  async function signOut() {
    await ownerApi.signOut().catch(() => {});
    ownerSession.clear();
    setData(null);
    setSignedIn(false);
  }

  return (
    <div className="owner-dashboard">
      <section className="card">
        <h1>Agent owner dashboard</h1>
        <p>
          Signed in as <code aria-label="Wallet address">{data.overview.walletAddress}</code>
          {data.overview.suspended ? <span className="badge">suspended by the operator</span> : null}
        </p>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </section>
      <AccessTokenReplacement tokens={data.overview.accessTokens} onChanged={() => void load()} />
      <OwnerMailboxes mailboxes={data.mailboxes} messages={data.messages} />
      <AgentPayments payments={data.payments} />
      <OwnerEvents events={data.events} />
      <OwnerPhoneNumbers phone={data.phone} />
    </div>
  );
}
