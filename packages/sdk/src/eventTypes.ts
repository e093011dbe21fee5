// What each event type announces: the gateway's event contract (docs/events.md in the repository), here for code.
// Every event announces one fact, once: a new event id is always a new fact, and a fact is announced again only after
// payment.reversed or settlement.reversed withdrew it (data.reverses names the withdrawn types). Delivery is at
// least once: deduplicate on event.id.
import type { WEBHOOK_EVENT_TYPES } from './openapi.ts';

export type EventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The fact behind each event type (complete: a type added to the API without a line here fails to compile). */
export const EVENT_FACTS: Readonly<Record<EventType, string>> = {
  'payment.detected': 'Official funds were seen on-chain for an open payment, not final yet.',
  'payment.confirmed': 'Final official funds mined before expiry cover the amount: safe to fulfil.',
  'payment.overpaid':
    'The confirmed payment received more than the amount announced before; data.excess_amount is the total excess.',
  'payment.expired': 'The window closed with no official funds.',
  'payment.underpaid': 'The window closed with only part of the amount final.',
  'payment.late': 'Official funds became final after the window closed (recovered into the vault).',
  'payment.invalid_asset': 'A token other than the official one reached the deposit address and is final.',
  'settlement.submitted': 'A sweep of the payment into the vault was broadcast.',
  'settlement.failed': 'The latest sweep attempt failed; another is scheduled.',
  'settlement.completed': 'Final settlement transfers into the vault cover the amount.',
  'payment.completed': 'Funds confirmed inside the merchant vault (right after settlement.completed).',
  'settlement.reversed': 'An announced settlement no longer holds; data.reverses lists the withdrawn types.',
  'payment.reversed': 'An announced payment fact no longer holds (funds orphaned or lost); see data.reverses.',
  'refund.requested': 'A refund request was created.',
  'refund.cancelled': 'A pending refund request was cancelled; its amount is refundable again.',
  'refund.completed': "The refund's vault-to-recipient transfer is final on-chain.",
  'payment.underpayment_accepted':
    'The merchant accepted an underpayment: it counts as paid for data.accepted_amount; payment.confirmed follows.',
  'invoice.paid': 'The invoice became paid.',
};
