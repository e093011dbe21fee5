// Refunds of a payment: request one, then send it from the vault with the connected wallet (EIP-1193) and have the
// proof posted automatically, or paste the hash of a transaction sent some other way. The gateway verifies the
// transfer on-chain; a transaction the watcher has not reached yet is answered REFUND_TX_PENDING (retryable), so the
// proof is posted again until it is taken.
import { useState, type FormEvent } from 'react';
import { createWalletClient, custom, encodeFunctionData, erc20Abi, getAddress, isAddress, type Hex } from 'viem';
import { useInjectedWallet } from '../../shared/useInjectedWallet.ts';
import { ApiError } from '../../shared/api.ts';
import { formatMoney } from '../../shared/money.ts';
import { ensureChain, walletMessage } from '../../shared/wallet.ts';
import { StatusBadge, TxHash, when } from './Bits.tsx';
import { gateway, ok, type PublicIntent, type RefundRequest } from './dashboardApi.ts';
import { ApiErrorText, Field } from './Field.tsx';
import type { PaymentDetail } from './gatewayViews.ts';
import { useAction } from './useAction.ts';

const PROOF_RETRY_MS = 2000;
const PROOF_PATIENCE_MS = 10 * 60_000;

export function RefundPanel({
  payment,
  publicIntent,
  canRefund,
  onChanged,
}: {
  payment: PaymentDetail;
  publicIntent: PublicIntent | null;
  canRefund: boolean;
  onChanged: () => void;
}) {
  const paidFrom = payment.transfers.find((t) => t.type === 'payment' && t.official && !t.removed);
  const [amount, setAmount] = useState('');
  const [recipient, setRecipient] = useState(paidFrom?.from ?? '');
  const [reason, setReason] = useState('');
  const { busy, error, run } = useAction();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  async function request(e: FormEvent) {
    e.preventDefault();
    await run(async () => {
      await ok(
        gateway.POST('/v1/refund-requests', {
          params: { header: { 'idempotency-key': idempotencyKey } },
          body: { payment_intent_id: payment.id, amount, recipient, ...(reason ? { reason } : {}) },
        }),
      );
      setAmount('');
      setReason('');
      setIdempotencyKey(crypto.randomUUID());
      onChanged();
    });
  }

  return (
    <section className="card" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">Refunds</h2>
      {payment.refunds.length === 0 ? <p className="muted">No refund requested.</p> : null}
      <ul className="rows">
        {payment.refunds.map((r) => (
          <RefundRow
            key={r.id}
            refund={r}
            payment={payment}
            publicIntent={publicIntent}
            canRefund={canRefund}
            onChanged={onChanged}
          />
        ))}
      </ul>
      {canRefund && paidFrom ? (
        <form onSubmit={(e) => void request(e)} noValidate className="inline-form" aria-label="Request a refund">
          <h3>Request a refund</h3>
          <Field id="refund-amount" path="amount" label={`Amount (${payment.currency})`} error={error}>
            {(p) => <input {...p} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
          </Field>
          <Field
            id="refund-recipient"
            path="recipient"
            label="Recipient address"
            error={error}
            hint="Defaults to the address the payment came from"
          >
            {(p) => <input {...p} value={recipient} onChange={(e) => setRecipient(e.target.value)} />}
          </Field>
          <Field id="refund-reason" path="reason" label="Reason (optional)" error={error}>
            {(p) => <input {...p} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />}
          </Field>
          <button type="submit" disabled={busy}>
            Request refund
          </button>
          <ApiErrorText error={error} />
        </form>
      ) : null}
    </section>
  );
}

function RefundRow({
  refund,
  payment,
  publicIntent,
  canRefund,
  onChanged,
}: {
  refund: RefundRequest;
  payment: PaymentDetail;
  publicIntent: PublicIntent | null;
  canRefund: boolean;
  onChanged: () => void;
}) {
  const wallet = useInjectedWallet();
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pasted, setPasted] = useState('');
  const network = refundNetwork(payment, refund);
  const net = payment.networks.find((n) => n.network === network);
  const pubNet = publicIntent?.networks.find((n) => n.network === network);

  /** Posts the proof, again while the gateway says the transaction is not reached yet. */
  async function postProof(txHash: string) {
    const started = Date.now();
    for (;;) {
      try {
        await ok(
          gateway.POST('/v1/refund-requests/{id}/proof', {
            params: { path: { id: refund.id } },
            body: { tx_hash: txHash, ...(network ? { network } : {}) },
          }),
        );
        return;
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 'REFUND_TX_PENDING') || Date.now() - started > PROOF_PATIENCE_MS)
          throw err;
        setProgress(`Waiting for the transaction to be mined and seen: ${err.message}`);
        await new Promise((r) => setTimeout(r, PROOF_RETRY_MS));
      }
    }
  }

  async function sendFromWallet() {
    if (!wallet || !net || !pubNet) return;
    setError(null);
    try {
      const hash = await sendRefundTransfer(wallet, net, pubNet, refund, setProgress);
      setProgress(`Sent ${hash}. Posting the proof…`);
      await postProof(hash);
      setProgress(null);
      onChanged();
    } catch (err) {
      setProgress(null);
      setError(err instanceof ApiError ? err : new Error(walletMessage(err)));
    }
  }

  async function submitPasted(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      setProgress('Verifying the transaction…');
      await postProof(pasted.trim());
      setProgress(null);
      setPasted('');
      onChanged();
    } catch (err) {
      setProgress(null);
      setError(err);
    }
  }

  async function cancel() {
    setError(null);
    try {
      await ok(gateway.POST('/v1/refund-requests/{id}/cancel', { params: { path: { id: refund.id } } }));
      onChanged();
    } catch (err) {
      setError(err);
    }
  }

  const pending = refund.status === 'pending';
  return (
    <li data-testid="refund">
      <div>
        <StatusBadge status={refund.status} />{' '}
        {refund.kind === 'foreign_asset'
          ? `${formatMoney(refund.amount)} of token ${refund.token_address}`
          : `${formatMoney(refund.amount, refund.currency)}${refund.kind === 'excess' ? ' (excess)' : ''}`}{' '}
        to <code>{refund.recipient}</code> · requested {when(refund.created_at)}
        {refund.reason ? <div className="muted">{refund.reason}</div> : null}
        {refund.transfer ? (
          <div>
            Sent in <TxHash hash={refund.transfer.tx_hash} explorer={pubNet?.explorer_url} />
            {refund.transfer.final ? ' · final' : ' · waiting for finality'}
          </div>
        ) : null}
      </div>
      {pending && canRefund ? (
        <div className="refund-actions">
          {wallet && net && pubNet ? (
            <button type="button" disabled={progress !== null} onClick={() => void sendFromWallet()}>
              Send refund from vault with {wallet.name}
            </button>
          ) : (
            <p className="muted small">
              No browser wallet found: send the transfer from your vault another way and paste its hash.
            </p>
          )}
          <form onSubmit={(e) => void submitPasted(e)} className="paste-proof" aria-label="Refund transaction hash">
            <label htmlFor={`proof-${refund.id}`}>Or paste the refund transaction hash</label>
            <input
              id={`proof-${refund.id}`}
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
              placeholder="0x…"
              spellCheck={false}
            />
            <button
              type="submit"
              className="secondary"
              disabled={progress !== null || !/^0x[0-9a-fA-F]{64}$/.test(pasted.trim())}
            >
              Submit proof
            </button>
          </form>
          <button type="button" className="secondary" disabled={progress !== null} onClick={() => void cancel()}>
            Cancel request
          </button>
        </div>
      ) : null}
      {progress ? (
        <p className="muted" role="status">
          {progress}
        </p>
      ) : null}
      <ApiErrorText error={error} />
      {isAddress(refund.recipient) ? null : <p className="field-error">The recipient is not an address.</p>}
    </li>
  );
}

/**
 * The network the refund leaves from: one where the payment received final funds (for a foreign_asset refund, of
 * the token it returns).
 */
function refundNetwork(payment: PaymentDetail, refund: RefundRequest): string | undefined {
  return (
    payment.transfers.find(
      (t) =>
        t.type === 'payment' &&
        t.final &&
        !t.removed &&
        (refund.kind === 'foreign_asset'
          ? !t.official && t.token_address.toLowerCase() === refund.token_address.toLowerCase()
          : t.official),
    )?.network ?? payment.networks[0]?.network
  );
}

/** Sends the refund from the vault with the browser wallet (on the payment's network); answers the transaction. */
async function sendRefundTransfer(
  wallet: NonNullable<ReturnType<typeof useInjectedWallet>>,
  net: PaymentDetail['networks'][number],
  pubNet: PublicIntent['networks'][number],
  refund: RefundRequest,
  setProgress: (progress: string) => void,
): Promise<Hex> {
  setProgress(`Connecting to ${wallet.name}…`);
  const [account] = (await wallet.provider.request({ method: 'eth_requestAccounts' })) as string[];
  if (!account) throw new Error('The wallet shared no account');
  if (getAddress(account) !== getAddress(net.vault_address))
    throw new Error(
      `The wallet's account ${getAddress(account)} is not this payment's vault ${getAddress(net.vault_address)}: ` +
        'a refund must leave the vault. Switch accounts in your wallet.',
    );
  setProgress(`Switching to ${pubNet.name}…`);
  await ensureChain(wallet.provider, pubNet);
  setProgress('Confirm the refund transfer in your wallet…');
  const client = createWalletClient({ account: account as Hex, transport: custom(wallet.provider) });
  const hash = await client.sendTransaction({
    account: account as Hex,
    chain: null,
    // The refund's own token: the payment's official one, or the foreign token a foreign_asset refund returns.
    to: refund.token_address as Hex,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [getAddress(refund.recipient), BigInt(refund.amount_units)],
    }),
  });
  return hash;
}
