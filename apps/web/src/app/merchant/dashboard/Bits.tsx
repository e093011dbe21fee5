// Small pieces every dashboard page uses: status badges, dates, hashes with explorer links, copy buttons.
import { useState } from 'react';
import { formatDateTime } from '../../shared/dateTime.ts';
import { shortHash } from '../../shared/format.ts';
import { formatAmountOrUnits } from '../../shared/money.ts';

/** An instant with its time zone (shared/dateTime.ts). */
export const when = (iso: string | null | undefined) => formatDateTime(iso);

/** A role as people read it: "read-only" for `read_only` (every underscore, should a role ever have two). */
export const roleName = (role: string) => role.replaceAll('_', '-');

/** Statuses that need the merchant's attention (money arrived but something is off, or settlement is stuck). */
export const ATTENTION_STATUSES = ['UNDERPAID', 'SETTLEMENT_FAILED', 'LATE_PAYMENT', 'INVALID_ASSET', 'OVERPAID'];

export function StatusBadge({ status }: { status: string }) {
  const tone = ATTENTION_STATUSES.includes(status)
    ? 'attention'
    : ['SETTLED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'completed', 'succeeded', 'enabled'].includes(status)
      ? 'good'
      : '';
  return <span className={`badge ${tone}`}>{status.replace(/_/g, ' ').toLowerCase()}</span>;
}

/**
 * The token a transfer moved, as a label: the official token's symbol, else "token 0x1234…abcd" (a foreign token's
 * own symbol is whatever its contract says, so the gateway names none and the address is what identifies it).
 */
export const tokenLabel = (t: { token_symbol: string | null; token_address: string }) =>
  t.token_symbol ?? `token ${shortHash(t.token_address)}`;

/**
 * A transfer's or a settlement's amount, always with its token (a settlement of a foreign token moves that token, not
 * the payment's currency); a foreign token keeps every decimal it has (not the 6 of USDC).
 */
export function transferAmount(t: {
  amount: string | null;
  amount_units: string | null;
  token_symbol: string | null;
  token_address: string;
}): string {
  return formatAmountOrUnits(t.amount, t.amount_units, tokenLabel(t), t.token_symbol ? undefined : 18);
}

/** A transaction hash: a link to the network's explorer when the deployment names one, else the hash itself. */
export function TxHash({ hash, explorer }: { hash: string; explorer?: string | null }) {
  if (!explorer)
    return (
      <code className="hash" title={hash}>
        {shortHash(hash)}
      </code>
    );
  return (
    <a className="hash" href={`${explorer.replace(/\/$/, '')}/tx/${hash}`} target="_blank" rel="noreferrer">
      <code title={hash}>{shortHash(hash)}</code>
      <span className="visually-hidden"> (opens the block explorer)</span>
    </a>
  );
}

export function CopyText({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
    setTimeout(() => setCopied(null), 2000);
  };
  return (
    <button type="button" className="secondary small" onClick={() => void copy()} aria-label={label}>
      {copied === 'yes' ? 'Copied' : copied === 'no' ? 'Copy failed: select it' : 'Copy'}
    </button>
  );
}

/** A secret shown once (API key, webhook signing secret), with a copy button. */
export function OnceSecret({ title, secret, label }: { title: string; secret: string; label: string }) {
  return (
    <div className="notice" role="status">
      <p>
        <strong>{title}</strong> It is shown only now; store it somewhere safe.
      </p>
      <div className="secret-row">
        <code className="secret" aria-label={label}>
          {secret}
        </code>
        <CopyText text={secret} label={`Copy ${label.toLowerCase()}`} />
      </div>
    </div>
  );
}
