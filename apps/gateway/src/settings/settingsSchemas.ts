// The route schemas of settingsRoutes.ts (request validation and the OpenAPI document), one constant per route.
import { Type } from 'typebox';
import { errorResponses } from '../http/schemas.ts';
import { MAX_CHECKOUT_ORIGINS } from './checkoutOrigins.ts';
import { VAULT_PROOF_MAX_AGE_MS } from './vaultProof.ts';

const tags = ['Settlement settings'];
const NetworkParams = Type.Object({
  network: Type.String({ minLength: 2, maxLength: 40, pattern: '^[a-z0-9-]{2,40}$' }),
});
const VaultAddress = Type.String({
  pattern: '^0x[0-9a-fA-F]{40}$',
  description: '0x followed by 40 hex digits: EIP-55 checksummed, or all lowercase',
});
const Settings = Type.Object(
  {},
  { additionalProperties: true, description: 'Settlement settings of this environment' },
);

export const settingsReadSchema = {
  tags,
  summary: 'Vaults, default intent expiry and default networks',
  response: { 200: Settings, ...errorResponses(401, 403, 429) },
};

export const settingsUpdateSchema = {
  tags,
  summary: 'Change the default intent expiry, default networks, checkout embedding origins or customer receipts',
  description:
    'default_expires_in_seconds (300 to 2592000; 1200 unless changed) applies to intents created without ' +
    'expires_in_seconds. default_networks (null: every available network with a vault) applies to intents ' +
    'created without networks; a network this deployment does not serve is refused (400 NETWORK_UNAVAILABLE ' +
    'naming each, nothing changed). checkout_allowed_origins (empty unless set: the checkout cannot be embedded) ' +
    'lists the exact origins (https://host[:port], no path) whose pages may embed the hosted checkout with ' +
    '/checkout.js: they form its Content-Security-Policy frame-ancestors and are the only targets of its ' +
    'paid, closed and expired messages. http://localhost, http://127.0.0.1 and http://[::1] origins are ' +
    'accepted in test mode (and in the dev profile) only. The list replaces the previous one. customer_receipts ' +
    '(true unless turned off) mails a receipt to the customer_email of each payment once it is confirmed: one ' +
    'per payment, sent by a job after the confirmation commits.',
  body: Type.Object(
    {
      default_expires_in_seconds: Type.Optional(Type.Integer({ minimum: 300, maximum: 2_592_000 })),
      default_networks: Type.Optional(
        Type.Union([
          Type.Array(Type.String({ minLength: 2, maxLength: 40, pattern: '^[a-z0-9-]{2,40}$' }), {
            minItems: 1,
            maxItems: 8,
            uniqueItems: true,
          }),
          Type.Null(),
        ]),
      ),
      checkout_allowed_origins: Type.Optional(
        Type.Array(Type.String({ minLength: 1, maxLength: 300 }), {
          maxItems: MAX_CHECKOUT_ORIGINS,
          uniqueItems: true,
          description: 'Exact origins, e.g. https://shop.example or https://shop.example:8443; [] for none',
        }),
      ),
      customer_receipts: Type.Optional(
        Type.Boolean({
          description:
            'Mail the customer a receipt (business name, amount, support contact) when a payment with a ' +
            'customer_email is confirmed; true unless turned off',
        }),
      ),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
  response: { 200: Settings, ...errorResponses(400, 401, 403, 429) },
};

export const vaultChallengeSchema = {
  tags,
  summary: 'The message a vault address signs to prove it',
  description:
    'The exact text the address signs (EIP-191 personal_sign; a smart-contract wallet signs it through ' +
    'EIP-1271) before PUT /v1/vaults/{network} takes it as the vault: it names this deployment, the address, ' +
    'the merchant, the network and its chain id, the environment and the time it was issued. Send it ' +
    `unchanged with the signature within ${VAULT_PROOF_MAX_AGE_MS / 86_400_000} days. It is bound to this ` +
    'merchant: another merchant sending it is refused. Nothing is stored.',
  params: NetworkParams,
  querystring: Type.Object({ address: VaultAddress }, { additionalProperties: false }),
  response: {
    200: Type.Object({
      object: Type.Literal('vault_challenge'),
      livemode: Type.Boolean(),
      network: Type.String(),
      chain_id: Type.Integer(),
      address: Type.String({ description: 'EIP-55 checksummed' }),
      merchant_id: Type.String(),
      issued_at: Type.String({ format: 'date-time' }),
      expires_at: Type.String({ format: 'date-time' }),
      message: Type.String({ description: 'Sign this exact text; send it back as `message`' }),
    }),
    ...errorResponses(400, 401, 403, 429),
  },
};

export const vaultSetSchema = {
  tags,
  summary: 'Set the vault of a network, proven by its signature',
  description:
    'The address every new deposit address of this network (and environment) commits to. Existing intents ' +
    'keep the vault they were created with: their deposit addresses can pay nothing else. Owner only. ' +
    'A vault belongs to whoever proves it: send `message` (the text of GET /v1/vaults/{network}/challenge) ' +
    "and `signature`, the address's EIP-191 signature of it (a smart-contract wallet's is checked with " +
    'EIP-1271 on that network). Without them the request is refused (400 VAULT_PROOF_REQUIRED) unless it ' +
    'changes nothing (a vault set before proofs existed stays, shown with verified: false until proven). ' +
    "400 VAULT_PROOF_INVALID for a message that is not this merchant's, network's, address's or " +
    "environment's, is older than 7 days, or a signature the wallet refuses; 400 VAULT_PROOF_WRONG_SIGNER " +
    'when another account signed; 409 VAULT_ADDRESS_TAKEN when another merchant has proven the address on ' +
    'this network and environment. ' +
    'The address is refused (400 VAULT_ADDRESS_REJECTED) when it is an official token contract or the deposit ' +
    'factory of the network, or when it has code on that network (read with eth_getCode) and ' +
    '`smart_contract_wallet` is not true; a declared smart-contract wallet that answers ERC-20 totalSupply() ' +
    'is refused too. A mixed-case address must carry a correct EIP-55 checksum (400 VALIDATION_FAILED ' +
    'otherwise); all lowercase is accepted. 503 SERVICE_UNAVAILABLE when the chain cannot be read.',
  params: NetworkParams,
  body: Type.Object(
    {
      address: VaultAddress,
      message: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 2000,
          description: 'The vault proof text of GET /v1/vaults/{network}/challenge, unchanged',
        }),
      ),
      signature: Type.Optional(
        Type.String({
          pattern: '^0x[0-9a-fA-F]+$',
          maxLength: 20_000,
          description:
            "The address's signature of `message`: 65 bytes (EIP-191 personal_sign) for an account; what " +
            "the wallet's EIP-1271 isValidSignature accepts (EIP-6492 wrapped when not deployed yet) for a " +
            'smart-contract wallet',
        }),
      ),
      smart_contract_wallet: Type.Optional(
        Type.Boolean({
          default: false,
          description:
            'true declares the address a smart-contract wallet (a multisig or smart account that can send ' +
            'tokens): required for an address with code. Default false: the address must be an account without code.',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({}, { additionalProperties: true }),
    ...errorResponses(400, 401, 403, 409, 429, 503),
  },
};

export const vaultRemoveSchema = {
  tags,
  summary: 'Remove the vault of a network',
  description: 'New intents on this network then answer 400 VAULT_NOT_CONFIGURED. Existing intents are unaffected.',
  params: NetworkParams,
  response: {
    200: Type.Object({}, { additionalProperties: true }),
    ...errorResponses(400, 401, 403, 404, 429),
  },
};
