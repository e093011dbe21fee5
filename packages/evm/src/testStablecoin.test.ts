// The devnet stand-in for FiatToken/USDT0: EIP-712 domain, EIP-2612 permit and EIP-3009 signed transfers.
import {
  hashDomain,
  numberToHex,
  parseSignature,
  serializeSignature,
  toHex,
  type Address,
  type Hex,
  type TypedDataDomain,
} from 'viem';
import { generatePrivateKey, privateKeyToAddress, type HDAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { useDevnet } from './_test/devnet.ts';
import { testStablecoinAbi } from './artifacts.ts';
import { tokenBalance } from './devnetActions.ts';

const env = useDevnet();

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

const authorizationTypes = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
  ReceiveWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
  CancelAuthorization: [
    { name: 'authorizer', type: 'address' },
    { name: 'nonce', type: 'bytes32' },
  ],
  Permit: [
    { name: 'owner', type: 'address' },
    { name: 'spender', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

function usdcDomain(): TypedDataDomain {
  return { name: 'USD Coin', version: '2', chainId: 31337, verifyingContract: env().devnet.manifest.tokens.USDC };
}

function randomNonce(): Hex {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

function freshAddress(): Address {
  return privateKeyToAddress(generatePrivateKey());
}

const now = (): bigint => BigInt(Math.floor(Date.now() / 1000));

interface Authorization {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
}

function authorization(from: HDAccount, to: Address, value: bigint, window?: [bigint, bigint]): Authorization {
  const [validAfter, validBefore] = window ?? [now() - 600n, now() + 600n];
  return { from: from.address, to, value, validAfter, validBefore, nonce: randomNonce() };
}

function sign(
  signer: HDAccount,
  primaryType: 'TransferWithAuthorization' | 'ReceiveWithAuthorization',
  auth: Authorization,
): Promise<Hex> {
  return signer.signTypedData({ domain: usdcDomain(), types: authorizationTypes, primaryType, message: auth });
}

function args(auth: Authorization) {
  return [auth.from, auth.to, auth.value, auth.validAfter, auth.validBefore, auth.nonce] as const;
}

describe('EIP-712 domain', () => {
  test('DOMAIN_SEPARATOR and eip712Domain() describe (name, version, chainId, verifyingContract)', async () => {
    const { devnet, client } = env();
    for (const [key, name, version] of [
      ['USDC', 'USD Coin', '2'],
      ['EURC', 'Euro Coin', '2'],
      ['USDT', 'USDT0', '1'],
      ['bridgedUSDC', 'Bridged USDC', '1'],
    ] as const) {
      const address = devnet.manifest.tokens[key];
      const token = { address, abi: testStablecoinAbi } as const;
      const domain = { name, version, chainId: 31337n, verifyingContract: address };
      expect(await client.readContract({ ...token, functionName: 'DOMAIN_SEPARATOR' })).toBe(
        hashDomain({
          domain,
          types: {
            EIP712Domain: [
              { name: 'name', type: 'string' },
              { name: 'version', type: 'string' },
              { name: 'chainId', type: 'uint256' },
              { name: 'verifyingContract', type: 'address' },
            ],
          },
        }),
      );
      expect(await client.readContract({ ...token, functionName: 'eip712Domain' })).toEqual([
        '0x0f',
        name,
        version,
        31337n,
        address,
        `0x${'0'.repeat(64)}`,
        [],
      ]);
      // viem reads EIP-5267 domains this way too.
      expect(await client.getEip712Domain({ address })).toMatchObject({
        domain: { name, version, verifyingContract: address },
      });
    }
  });
});

describe('EIP-3009', () => {
  test('transferWithAuthorization (v, r, s) moves funds once, submitted by anyone', async () => {
    const { devnet, accounts, clientFor } = env();
    const usdc = devnet.manifest.tokens.USDC;
    const payer = accounts[1]!;
    const relayer = clientFor(accounts[2]!);
    const to = freshAddress();
    const auth = authorization(payer, to, 2_500_000n);
    const { r, s, v } = parseSignature(await sign(payer, 'TransferWithAuthorization', auth));
    const token = { address: usdc, abi: testStablecoinAbi } as const;

    expect(
      await relayer.readContract({ ...token, functionName: 'authorizationState', args: [payer.address, auth.nonce] }),
    ).toBe(false);
    const hash = await relayer.writeContract({
      ...token,
      functionName: 'transferWithAuthorization',
      args: [...args(auth), Number(v), r, s],
    });
    expect((await relayer.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(await tokenBalance(relayer, usdc, to)).toBe(2_500_000n);
    expect(
      await relayer.readContract({ ...token, functionName: 'authorizationState', args: [payer.address, auth.nonce] }),
    ).toBe(true);

    await expect(
      relayer.simulateContract({
        ...token,
        functionName: 'transferWithAuthorization',
        args: [...args(auth), Number(v), r, s],
      }),
    ).rejects.toThrow(/AuthorizationAlreadyUsed/);
  });

  test('the bytes-signature form works as FiatToken v2.2 (used by x402 for non-65-byte paths)', async () => {
    const { devnet, accounts, clientFor } = env();
    const usdc = devnet.manifest.tokens.USDC;
    const payer = accounts[1]!;
    const relayer = clientFor(accounts[2]!);
    const to = freshAddress();
    const auth = authorization(payer, to, 1n);
    const signature = await sign(payer, 'TransferWithAuthorization', auth);
    const hash = await relayer.writeContract({
      address: usdc,
      abi: testStablecoinAbi,
      functionName: 'transferWithAuthorization',
      args: [...args(auth), signature],
    });
    await relayer.waitForTransactionReceipt({ hash });
    expect(await tokenBalance(relayer, usdc, to)).toBe(1n);
  });

  test('rejects expired, not yet valid, wrongly signed and malleable authorizations', async () => {
    const { devnet, accounts, clientFor } = env();
    const token = { address: devnet.manifest.tokens.USDC, abi: testStablecoinAbi } as const;
    const payer = accounts[1]!;
    const relayer = clientFor(accounts[2]!);
    const simulate = async (auth: Authorization, signature: Hex) =>
      relayer.simulateContract({
        ...token,
        functionName: 'transferWithAuthorization',
        args: [...args(auth), signature],
      });

    // Expired by the chain's clock as well as the wall clock: the call runs in a block whose timestamp can lag the
    // wall clock (no block mined for a while on a loaded machine) or lead it (a test that moved the chain's time).
    const { timestamp: chainNow } = await env().client.getBlock();
    const expired = authorization(payer, freshAddress(), 1n, [0n, (chainNow < now() ? chainNow : now()) - 1n]);
    await expect(simulate(expired, await sign(payer, 'TransferWithAuthorization', expired))).rejects.toThrow(
      /AuthorizationExpired/,
    );

    const early = authorization(payer, freshAddress(), 1n, [now() + 3600n, now() + 7200n]);
    await expect(simulate(early, await sign(payer, 'TransferWithAuthorization', early))).rejects.toThrow(
      /AuthorizationNotYetValid/,
    );

    const forged = authorization(payer, freshAddress(), 1n);
    await expect(simulate(forged, await sign(accounts[3]!, 'TransferWithAuthorization', forged))).rejects.toThrow(
      /InvalidSignature/,
    );

    // Signed for another domain (EURC): the digest differs, so the recovered signer does too.
    const otherDomain = authorization(payer, freshAddress(), 1n);
    const eurcSignature = await payer.signTypedData({
      domain: { ...usdcDomain(), name: 'Euro Coin', verifyingContract: devnet.manifest.tokens.EURC },
      types: authorizationTypes,
      primaryType: 'TransferWithAuthorization',
      message: otherDomain,
    });
    await expect(simulate(otherDomain, eurcSignature)).rejects.toThrow(/InvalidSignature/);

    // (r, n - s, flipped v) recovers the same signer with plain ecrecover; EIP-2 forbids it.
    const malleable = authorization(payer, freshAddress(), 1n);
    const good = parseSignature(await sign(payer, 'TransferWithAuthorization', malleable));
    const twin = serializeSignature({
      r: good.r,
      s: numberToHex(SECP256K1_N - BigInt(good.s), { size: 32 }),
      yParity: good.yParity === 0 ? 1 : 0,
    });
    await expect(simulate(malleable, twin)).rejects.toThrow(/InvalidSignature/);
    await expect(simulate(malleable, serializeSignature(good))).resolves.toBeDefined();
  });

  test('receiveWithAuthorization may only be submitted by the payee', async () => {
    const { devnet, accounts, clientFor } = env();
    const token = { address: devnet.manifest.tokens.USDC, abi: testStablecoinAbi } as const;
    const payer = accounts[1]!;
    const payee = clientFor(accounts[7]!);
    const auth = authorization(payer, payee.account.address, 9n);
    const signature = await sign(payer, 'ReceiveWithAuthorization', auth);
    await expect(
      clientFor(accounts[2]!).simulateContract({
        ...token,
        functionName: 'receiveWithAuthorization',
        args: [...args(auth), signature],
      }),
    ).rejects.toThrow(/CallerMustBePayee/);
    const before = await tokenBalance(payee, token.address, payee.account.address);
    const hash = await payee.writeContract({
      ...token,
      functionName: 'receiveWithAuthorization',
      args: [...args(auth), signature],
    });
    await payee.waitForTransactionReceipt({ hash });
    expect(await tokenBalance(payee, token.address, payee.account.address)).toBe(before + 9n);
  });

  test('cancelAuthorization burns the nonce', async () => {
    const { devnet, accounts, clientFor } = env();
    const token = { address: devnet.manifest.tokens.USDC, abi: testStablecoinAbi } as const;
    const payer = accounts[1]!;
    const relayer = clientFor(accounts[2]!);
    const auth = authorization(payer, freshAddress(), 5n);
    const transferSignature = await sign(payer, 'TransferWithAuthorization', auth);
    const cancelSignature = await payer.signTypedData({
      domain: usdcDomain(),
      types: authorizationTypes,
      primaryType: 'CancelAuthorization',
      message: { authorizer: payer.address, nonce: auth.nonce },
    });
    const { r, s, v } = parseSignature(cancelSignature);
    const hash = await relayer.writeContract({
      ...token,
      functionName: 'cancelAuthorization',
      args: [payer.address, auth.nonce, Number(v), r, s],
    });
    await relayer.waitForTransactionReceipt({ hash });
    await expect(
      relayer.simulateContract({
        ...token,
        functionName: 'transferWithAuthorization',
        args: [...args(auth), transferSignature],
      }),
    ).rejects.toThrow(/AuthorizationAlreadyUsed/);
  });
});

describe('EIP-2612', () => {
  test('permit sets an allowance once per nonce; the spender can then transferFrom', async () => {
    const { devnet, accounts, clientFor } = env();
    const token = { address: devnet.manifest.tokens.USDC, abi: testStablecoinAbi } as const;
    const holder = accounts[8]!;
    const spender = clientFor(accounts[9]!);
    const nonce = await spender.readContract({ ...token, functionName: 'nonces', args: [holder.address] });
    const deadline = now() + 600n;
    const value = 4_000_000n;
    const { r, s, v } = parseSignature(
      await holder.signTypedData({
        domain: usdcDomain(),
        types: authorizationTypes,
        primaryType: 'Permit',
        message: { owner: holder.address, spender: spender.account.address, value, nonce, deadline },
      }),
    );
    const permitArgs = [holder.address, spender.account.address, value, deadline, Number(v), r, s] as const;
    await spender.waitForTransactionReceipt({
      hash: await spender.writeContract({ ...token, functionName: 'permit', args: permitArgs }),
    });
    expect(
      await spender.readContract({
        ...token,
        functionName: 'allowance',
        args: [holder.address, spender.account.address],
      }),
    ).toBe(value);
    expect(await spender.readContract({ ...token, functionName: 'nonces', args: [holder.address] })).toBe(nonce + 1n);
    await expect(spender.simulateContract({ ...token, functionName: 'permit', args: permitArgs })).rejects.toThrow(
      /InvalidSignature/,
    );

    const to = freshAddress();
    await spender.waitForTransactionReceipt({
      hash: await spender.writeContract({ ...token, functionName: 'transferFrom', args: [holder.address, to, value] }),
    });
    expect(await tokenBalance(spender, token.address, to)).toBe(value);

    const late = [holder.address, spender.account.address, value, now() - 3600n, Number(v), r, s] as const;
    await expect(spender.simulateContract({ ...token, functionName: 'permit', args: late })).rejects.toThrow(
      /PermitExpired/,
    );
  });
});
