// The checkout opened by /checkout.js (the embedded checkout, in the merchant's iframe overlay or pop-up) tells the
// merchant's page what became of the payment: `paid` and `expired`, each once, by postMessage. Only to the origin the
// page named in `embed_origin`, and only after the gateway confirmed that origin is one the merchant allows: another
// site that frames or opens this checkout hears nothing. The target origin given to postMessage makes the browser
// drop the message unless the receiving window is still at that origin.
import { useEffect, useRef, useState } from 'react';
import { api, type PaymentStatus, type PublicIntent } from '../../shared/api.ts';

export type EmbeddingEvent = 'paid' | 'expired' | 'close_requested';

/** Funds covering the amount became final (the gateway's confirmed family): the order can go ahead. */
const PAID: readonly PaymentStatus[] = ['PAID', 'OVERPAID', 'SETTLEMENT_PENDING', 'SETTLED', 'SETTLEMENT_FAILED'];
/** Refund states lie over every payment that received funds, paid or not (an underpayment returned is refunded). */
const REFUND_STATES: readonly PaymentStatus[] = ['REFUND_REQUESTED', 'PARTIALLY_REFUNDED', 'REFUNDED'];
/** The window closed without the full amount on time. */
const EXPIRED: readonly PaymentStatus[] = ['EXPIRED', 'UNDERPAID', 'LATE_PAYMENT'];

export function embeddingEventOf(
  intent: Pick<PublicIntent, 'status' | 'amount_remaining_units'>,
): 'paid' | 'expired' | null {
  if (PAID.includes(intent.status)) return 'paid';
  if (REFUND_STATES.includes(intent.status)) return intent.amount_remaining_units === '0' ? 'paid' : 'expired';
  if (EXPIRED.includes(intent.status)) return 'expired';
  return null;
}

interface Embedder {
  target: Window;
  origin: string;
  overlay: boolean;
}

/** The page that embeds this one, as the URL claims it: checked against the merchant's list before any message. */
function claimedEmbedder(): Embedder | null {
  const q = new URLSearchParams(location.search);
  const origin = q.get('embed_origin');
  const target = window.parent !== window ? window.parent : (window.opener as Window | null);
  if (!origin || !target) return null;
  return { target, origin, overlay: window.parent !== window };
}

export function useEmbeddingReports(intent: PublicIntent | undefined): void {
  const [embedder, setEmbedder] = useState<Embedder | null>(null);
  const sent = useRef(new Set<string>());
  const id = intent?.id;

  useEffect(() => {
    const claimed = claimedEmbedder();
    if (!id || !claimed) return;
    let live = true;
    api
      .checkoutEmbedding(id, claimed.origin)
      .then((r) => {
        if (live && r.allowed) setEmbedder(claimed);
      })
      .catch(() => undefined); // not confirmed: nothing is posted
    return () => {
      live = false;
    };
  }, [id]);

  const status = intent?.status;
  const event = intent ? embeddingEventOf(intent) : null;
  useEffect(() => {
    if (!embedder || !id || !status) return;
    if (!event || sent.current.has(event)) return;
    sent.current.add(event);
    post(embedder, id, event, status);
  }, [embedder, id, status, event]);

  // Escape inside the overlay's frame never reaches the merchant's page: ask it to close the overlay.
  useEffect(() => {
    if (!embedder?.overlay || !id) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') post(embedder, id, 'close_requested', status);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [embedder, id, status]);
}

function post(e: Embedder, id: string, event: EmbeddingEvent, status: PaymentStatus | undefined): void {
  e.target.postMessage({ source: 'tender-checkout', event, payment_intent_id: id, status }, e.origin);
}
