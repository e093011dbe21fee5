// Sign in with the wallet that pays for the agent (EIP-4361): the server's single-use nonce and fields, the message
// built by viem, a personal_sign by the wallet (no transaction, no fee), then an owner session.
import { useState } from 'react';
import { createWalletClient, custom, getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { ErrorNotice } from '../shared/ErrorNotice.tsx';
import { ownerApi, ownerSession } from './ownerApi.ts';
import { useInjectedWallet } from '../shared/useInjectedWallet.ts';

export function WalletSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const wallet = useInjectedWallet();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function signIn() {
    if (!wallet) return;
    setError(null);
    try {
      setBusy('Connecting the wallet…');
      const client = createWalletClient({ transport: custom(wallet.provider) });
      const [account] = await client.requestAddresses();
      if (!account) throw new Error('The wallet shared no account');
      setBusy('Waiting for your signature…');
      const n = await ownerApi.nonce();
      const message = createSiweMessage({
        address: getAddress(account),
        domain: n.domain,
        uri: n.uri,
        chainId: n.chainId,
        version: n.version,
        nonce: n.nonce,
        statement: n.statement,
        issuedAt: new Date(n.issuedAt),
        expirationTime: new Date(n.expirationTime),
      });
      const signature = await client.signMessage({ account, message });
      const r = await ownerApi.signIn(message, signature);
      ownerSession.set(r.session.token);
      onSignedIn();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card">
      <h1>Agent owner dashboard</h1>
      <p>
        Sign in with the wallet your agent pays from to see its mailboxes, numbers, events and payments, and to replace
        a lost access token. Signing costs nothing and sends no transaction.
      </p>
      {wallet ? (
        <button type="button" disabled={busy !== null} onClick={() => void signIn()}>
          {busy ?? `Sign in with ${wallet.name}`}
        </button>
      ) : (
        <p className="muted">No browser wallet found. Open this page in a browser with a wallet extension.</p>
      )}
      {error ? <ErrorNotice error={error} title="Sign-in failed" /> : null}
    </section>
  );
}
