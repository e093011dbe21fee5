import { x402Facilitator } from '@x402/core/facilitator';
import { HTTPFacilitatorClient } from '@x402/core/server';
import type {
  PaymentPayload,
  PaymentRequirements,
  SettleResponse,
  SupportedResponse,
  VerifyResponse,
} from '@x402/core/types';
import { registerExactEvmScheme } from '@x402/evm/exact/facilitator';
import { eip3009ABI, toFacilitatorEvmSigner } from '@x402/evm';
import { rpcHttp } from '@tender/evm';
import {
  concat,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  getContractError,
  parseSignature,
  publicActions,
  type Abi,
  type Address,
  type BaseError,
  type Chain,
  type Hex,
  type TypedData,
  type TypedDataDomain,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createNonceManager, jsonRpc } from 'viem/nonce';
import { announceTransfer, codeOnce, inSettlement, passGate, prepareAhead, preparedOnce } from './settlementScope.ts';

/**
 * Verifies and settles x402 payments. Two implementations behind this one interface, chosen by configuration:
 * the built-in facilitator (x402's exact EVM scheme, submitting EIP-3009 transferWithAuthorization with the
 * relayer key) and a remote HTTP facilitator. The paywall never knows which one it talks to.
 */
export interface Facilitator {
  readonly kind: 'built-in' | 'remote';
  /**
   * True when settle() itself re-runs the complete verification before broadcasting (the built-in exact scheme
   * re-verifies signature, recipient, amount and window, and gas estimation refuses a transfer that would revert),
   * so a separate verify() just before it would only repeat it. False for a remote facilitator, whose settle
   * behaviour we do not control: the paywall then calls verify() first.
   */
  readonly settleVerifies: boolean;
  /**
   * True when settle() waits at passGate before it broadcasts, so that a caller can start it early with the
   * broadcast held (holdBroadcast): the paywall starts it beside the durable claim that must precede any transfer,
   * and the verification and the transaction's preparation overlap the claim. The built-in facilitator; a remote
   * one's settle is one HTTP call that cannot be held.
   */
  readonly holdsBroadcast: boolean;
  verify(payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse>;
  /** Exactly one call per paid request reaches here (the paywall's settlement record guarantees it). */
  settle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse>;
}

export function evmChain(network: string, rpcUrl: string): Chain {
  const id = Number(network.split(':')[1]);
  return defineChain({
    id,
    name: network,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export interface BuiltInFacilitatorOptions {
  network: `eip155:${number}`;
  rpcUrl: string;
  relayerPrivateKey: Hex;
  /** Receipt polling interval; small on a local devnet. */
  pollingMs: number;
  /** Receipt wait bound: past it settlement reports pending instead of hanging the request. */
  confirmationTimeoutMs?: number;
}

/**
 * The built-in facilitator: `@x402/core`'s x402Facilitator with `@x402/evm`'s exact scheme registered for one
 * network, signing with the relayer key. The account's nonce manager hands out transaction nonces in process, so
 * concurrent settlements from one relayer never collide (one relayer key per process).
 */
export function createBuiltInFacilitator(
  opts: BuiltInFacilitatorOptions,
): Facilitator & { relayer: `0x${string}`; getSupported(): Promise<SupportedResponse> } {
  const account = privateKeyToAccount(opts.relayerPrivateKey, {
    nonceManager: createNonceManager({ source: jsonRpc() }),
  });
  const client = createWalletClient({
    account,
    chain: evmChain(opts.network, opts.rpcUrl),
    transport: rpcHttp(opts.rpcUrl, { batch: false, retryCount: 0 }),
    pollingInterval: opts.pollingMs,
  }).extend(publicActions);
  // The transaction's gas estimate (which refuses a transfer that would revert) and its fees, as a key for
  // preparedOnce: the settlement's transfer is prepared ahead, beside its verification (settle below).
  const prepare = (to: Address, data: Hex, gas: bigint | undefined) => ({
    key: `${to.toLowerCase()}:${data}:${gas ?? ''}`,
    run: () => client.prepareTransactionRequest({ to, data, gas, parameters: ['chainId', 'fees', 'gas', 'type'] }),
  });
  const signer = toFacilitatorEvmSigner(
    {
      address: account.address,
      // x402 describes ABIs and typed data loosely (unknown[], string records); viem checks them against their own
      // types, which a value read from an ABI at run time meets by construction.
      readContract: (args) => client.readContract({ ...args, abi: args.abi as Abi }),
      verifyTypedData: (args) =>
        client.verifyTypedData({ ...args, domain: args.domain as TypedDataDomain, types: args.types as TypedData }),
      // viem's writeContract in two steps with the broadcast gate between them (holdBroadcast): the gas estimate
      // (which refuses a transfer that would revert) and the fees first; then the nonce, the signature and the send.
      // The nonce is taken only once the broadcast is certain: a nonce taken for a transaction never sent would
      // leave a gap that stalls every later one.
      writeContract: async ({ address, abi: abi_, functionName, args, gas, dataSuffix }) => {
        const abi = abi_ as Abi;
        const call = encodeFunctionData({ abi, functionName, args });
        const data = dataSuffix ? concat([call, dataSuffix]) : call;
        const { key, run } = prepare(address, data, gas);
        const request = await preparedOnce(key, run).catch((err: BaseError) => {
          throw getContractError(err, { abi, address, args, functionName, sender: account.address });
        });
        await passGate();
        // eth_fillTransaction answers with a nonce too: dropped, so that the nonce manager hands one out.
        const { nonce: _filled, ...unsigned } = request;
        const hash = await client.sendTransaction(unsigned);
        announceTransfer(hash); // x402 sends nothing else through writeContract: this is the transfer
        return hash;
      },
      sendTransaction: (args) => client.sendTransaction(args),
      waitForTransactionReceipt: (args) =>
        client.waitForTransactionReceipt({ ...args, pollingInterval: opts.pollingMs }),
      getCode: (args) => codeOnce(args.address, () => client.getCode(args)),
    },
    { confirmationTimeoutMs: opts.confirmationTimeoutMs ?? 60_000 },
  );
  const facilitator = new x402Facilitator();
  registerExactEvmScheme(facilitator, { signer, networks: opts.network });
  return {
    kind: 'built-in',
    settleVerifies: true,
    holdsBroadcast: true,
    relayer: account.address,
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) =>
      inSettlement(() => {
        const transfer = eip3009Transfer(payload, requirements);
        if (transfer) {
          const { key, run } = prepare(transfer.to, transfer.data, undefined);
          prepareAhead(key, run);
        }
        return facilitator.settle(payload, requirements);
      }),
    // The x402 FacilitatorClient surface, so the same instance can serve an x402ResourceServer (bench).
    getSupported: async () => facilitator.getSupported() as SupportedResponse,
  };
}

/**
 * The transfer x402's exact scheme sends to settle an EIP-3009 payload signed by an account (a 65-byte signature):
 * transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, v, r, s) on the asset, encoded as its
 * executeTransferWithAuthorization encodes it. Null for any other payload (Permit2, a signature of another length
 * such as an ERC-6492 one), whose settlement prepares its own transaction when it sends it. Should x402 ever encode
 * the call otherwise, the calldata differs and preparedOnce prepares anew: slower, never wrong.
 */
function eip3009Transfer(
  payload: PaymentPayload,
  requirements: PaymentRequirements,
): { to: Address; data: Hex } | null {
  const { signature, authorization: a } = payload.payload as {
    signature?: unknown;
    authorization?: Record<string, unknown>;
  };
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(signature) || !a) return null;
  try {
    const { v, yParity, r, s } = parseSignature(signature as Hex);
    const data = encodeFunctionData({
      abi: eip3009ABI,
      functionName: 'transferWithAuthorization',
      args: [
        getAddress(String(a.from)),
        getAddress(String(a.to)),
        BigInt(String(a.value)),
        BigInt(String(a.validAfter)),
        BigInt(String(a.validBefore)),
        a.nonce as Hex,
        Number(v || yParity),
        r,
        s,
      ],
    });
    return { to: getAddress(requirements.asset), data };
  } catch {
    return null; // not a payload x402 could settle either: its verification says why
  }
}

/** A remote facilitator speaking the x402 facilitator HTTP API (POST /verify, POST /settle). */
export function createRemoteFacilitator(url: string, timeoutMs = 60_000): Facilitator {
  const client = new HTTPFacilitatorClient({ url, timeoutMs });
  return {
    kind: 'remote',
    settleVerifies: false,
    holdsBroadcast: false,
    verify: (payload, requirements) => client.verify(payload, requirements),
    settle: (payload, requirements) => client.settle(payload, requirements),
  };
}
