// An agent paying x402 for agent services of a `tender start` child that may be killed at any moment: each logical
// operation keeps its Idempotency-Key and its signed proof from the first paid attempt on, and is retried with both,
// unchanged, until it gets a final answer (the crash suite's x402 flow).
import type { HDAccount } from 'viem/accounts';
import { payerClient } from '../../../../apps/agents/src/_test/agentsTestKit.ts';

export interface X402Op {
  /** Idempotency-Key, fixed for the operation's life. */
  key: string;
  serviceId: 'email.mailbox.create' | 'email.message.send';
  path: string;
  body: Record<string, unknown>;
  /** PAYMENT-SIGNATURE, once signed: never signed again (a second proof could pay twice). */
  signature?: string;
  /** The final answer: a status that no retry changes. */
  final?: { status: number; body: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  attempts: number;
  /** Retries answered by a replay of the stored response (idempotent-replayed). */
  replays: number;
}

/** Answers after which the same key and proof must be sent again: the outcome is not known or not final yet. */
const RETRYABLE = new Set(['PAYMENT_PENDING', 'PROVIDER_TEMPORARY_FAILURE', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE']);

export function x402Agent(baseUrl: () => string, account: HDAccount) {
  const payer = payerClient(account);
  let token: string | null = null;
  let n = 0;

  async function post(op: X402Op, headers: Record<string, string>) {
    const r = await fetch(`${baseUrl()}${op.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: JSON.stringify(op.body),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: r.status, headers: r.headers, body: (await r.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  /**
   * One attempt: the challenge and the signature when there is no proof yet, then the paid request. Returns true
   * when the answer is final. A connection refused or cut (the process died) is not final.
   */
  async function attempt(op: X402Op): Promise<boolean> {
    if (op.final) return true;
    op.attempts++;
    try {
      if (!op.signature) {
        const first = await post(op, { 'idempotency-key': op.key });
        if (first.status !== 402) {
          // Refused before any payment (a 4xx is the service's final word; nothing was signed, nothing charged).
          if (first.status < 500) op.final = { status: first.status, body: first.body };
          return !!op.final;
        }
        op.signature = (await payer.pay(first.headers.get('payment-required') ?? '')).header;
      }
      const r = await post(op, { 'payment-signature': op.signature, 'idempotency-key': op.key });
      if (r.headers.get('idempotent-replayed') === 'true') op.replays++;
      if (r.status < 300) {
        const issued = r.body.authentication?.accessToken;
        if (typeof issued === 'string') token = issued;
        op.final = { status: r.status, body: r.body };
        return true;
      }
      if (r.status >= 500 || RETRYABLE.has(r.body.error?.code)) return false;
      op.final = { status: r.status, body: r.body };
      return true;
    } catch {
      return false; // the process is gone or going: the outcome is unknown, the retry finds it
    }
  }

  return {
    address: payer.address,
    get token() {
      return token;
    },
    ops: [] as X402Op[],
    op(serviceId: X402Op['serviceId'], path: string, body: Record<string, unknown>): X402Op {
      const op: X402Op = { key: `crash-${Date.now()}-${n++}`, serviceId, path, body, attempts: 0, replays: 0 };
      this.ops.push(op);
      return op;
    },
    attempt,
    /** Retries every unfinished operation, unchanged, until each has its final answer. */
    async finishAll(ms: number): Promise<void> {
      const until = Date.now() + ms;
      for (;;) {
        const open = this.ops.filter((o) => !o.final);
        if (open.length === 0) return;
        if (Date.now() > until)
          throw new Error(`x402 operations without a final answer: ${open.map((o) => o.key).join(', ')}`);
        for (const o of open) await attempt(o);
        if (this.ops.some((o) => !o.final)) await new Promise((r) => setTimeout(r, 1_000));
      }
    },
  };
}

export type X402Agent = ReturnType<typeof x402Agent>;
