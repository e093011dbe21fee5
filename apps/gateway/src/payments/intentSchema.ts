// The payment intent object of the API, as one TypeBox schema: the response schema of every route that returns an
// intent, and (through Static) the type intentView builds, so the view and the documented object cannot differ.
import { Type, type Static } from 'typebox';
import { StringEnum } from '../http/schemas.ts';
import { PAYMENT_STATUSES } from './status.ts';

const NetworkEntry = Type.Object({
  network: Type.String(),
  chain_id: Type.Union([Type.Integer(), Type.Null()]),
  usdc_address: Type.String({ description: 'The official token contract of the intent’s currency on this network' }),
  token_address: Type.String(),
  token_symbol: Type.String(),
  deposit_address: Type.String({
    description:
      'Unique to this payment: CREATE2(factory_address, salt, keccak256(DepositForwarder init code ++ abi.encode(vault_address))); ' +
      'salt = keccak256(utf8(payment id)). Nothing is deployed until the sweep; funds can only reach the vault',
  }),
  wallet_checkout_supported: Type.Boolean(),
  confirmations_required: Type.Union([Type.Integer(), Type.Null()]),
  factory_address: Type.String(),
  vault_address: Type.String(),
  salt: Type.String(),
});

const Amount = Type.String({ description: 'Decimal string' });
const Units = Type.String({ description: 'Integer string, base units' });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const PaymentIntentSchema = Type.Object(
  {
    id: Type.String({ description: 'pi_…' }),
    object: Type.String(),
    status: StringEnum(PAYMENT_STATUSES),
    amount: Amount,
    amount_units: Units,
    currency: StringEnum(['USDC', 'EURC'] as const),
    order_reference: Nullable(Type.String()),
    description: Nullable(Type.String()),
    checkout_url: Type.String({ description: '{public gateway URL}/checkout/{id}' }),
    success_url: Nullable(Type.String()),
    cancel_url: Nullable(Type.String()),
    checkout_methods: Type.Array(Type.String()),
    customer_email: Nullable(Type.String()),
    metadata: Type.Record(Type.String(), Type.String()),
    payment_link_id: Nullable(Type.String({ description: 'plink_… when the intent was started from a payment link' })),
    invoice_id: Nullable(Type.String({ description: 'inv_… when the intent pays an invoice' })),
    expires_at: Type.String({
      format: 'date-time',
      description:
        'When the intent stops being payable. CREATED: provisional (created_at + the window); set to now + the ' +
        'window when the intent is opened',
    }),
    created_at: Type.String({ format: 'date-time' }),
    livemode: Type.Boolean(),
    amount_received: Amount,
    amount_received_units: Units,
    amount_confirmed: Amount,
    amount_confirmed_units: Units,
    overpaid_amount: Amount,
    overpaid_amount_units: Units,
    amount_settled: Amount,
    amount_settled_units: Units,
    amount_accepted: Nullable(
      Type.String({
        description:
          'Set when you accepted an underpayment (POST /v1/payment-intents/{id}/accept-underpayment): the amount it ' +
          'counts as paid for, which stands for `amount` from then on. Null otherwise',
      }),
    ),
    amount_accepted_units: Nullable(Units),
    networks: Type.Array(NetworkEntry),
  },
  { additionalProperties: true, description: 'Payment intent' },
);

export type PaymentIntent = Static<typeof PaymentIntentSchema>;
