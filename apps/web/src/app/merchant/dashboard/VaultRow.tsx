// One network's vault on the settings page: the address, whether it is proven, its live on-chain facts, and (for
// the owner) setting, proving or removing it. A vault is proven by the address's signature of the gateway's
// challenge message: signed here with the connected browser wallet (personal_sign) when its account is the vault,
// or anywhere else (a hardware wallet, a multisig's own app) and pasted. "Set from <wallet>" takes the connected
// wallet's account as the vault and proves it in one step.
import { useState, type FormEvent } from 'react';
import { createWalletClient, custom, getAddress, isAddress, type Hex } from 'viem';
import { formatMoney } from '../../shared/money.ts';
import { useInjectedWallet } from '../../shared/useInjectedWallet.ts';
import { walletMessage } from '../../shared/wallet.ts';
import { when } from './Bits.tsx';
import { gateway, ok } from './dashboardApi.ts';
import { ApiErrorText, Field } from './Field.tsx';
import type { SettlementPolicy, SettlementSettings } from './gatewayViews.ts';
import { useAction } from './useAction.ts';

type Vault = SettlementSettings['vaults'][number];

/** A vault being proven: the challenge message waits for its signature. */
interface Proving {
  address: string;
  smart: boolean;
  message: string;
}

export function VaultRow(props: {
  network: string;
  name: string;
  available: boolean;
  address: string | null;
  vault: Vault | null;
  policy: SettlementPolicy['networks'][number] | null;
  manage: boolean;
  onChanged: () => void;
}) {
  const [address, setAddress] = useState('');
  const [smart, setSmart] = useState(false);
  const [proving, setProving] = useState<Proving | null>(null);
  const [signature, setSignature] = useState('');
  const wallet = useInjectedWallet();
  const { busy, error, run } = useAction();
  const id = `vault-${props.network}`;

  const done = () => {
    setAddress('');
    setProving(null);
    setSignature('');
    props.onChanged();
  };
  const putVault = async (p: Proving, sig: string) => {
    await ok(
      gateway.PUT('/v1/vaults/{network}', {
        params: { path: { network: props.network } },
        body: { address: p.address, smart_contract_wallet: p.smart, message: p.message, signature: sig },
      }),
    );
    done();
  };

  /** Signs with the browser wallet when its account is the vault (an account, not a contract wallet). */
  async function signWithWallet(p: Proving) {
    if (!wallet) return;
    await putVault(p, await signAsVault(wallet, p));
  }

  /** Fetches the message for `addr`, then signs it in the wallet when it can; otherwise it waits for a paste. */
  const prove = (addr: string, smartWallet: boolean) =>
    run(async () => {
      setProving(null);
      const p = await challenge(props.network, addr, smartWallet);
      setProving(p);
      if (wallet && !smartWallet) await signWithWallet(p);
    });

  /** Fills the vault from the connected wallet's account and proves it with the wallet's signature at once. */
  const fromWallet = () =>
    run(async () => {
      if (!wallet) return;
      const account = await connectedAccount(wallet);
      setAddress(account);
      setSmart(false);
      setProving(null);
      const p = await challenge(props.network, account, false);
      setProving(p);
      await signWithWallet(p);
    });

  const save = (e: FormEvent) => {
    e.preventDefault();
    void prove(address.trim(), smart);
  };
  const submitPasted = (e: FormEvent) => {
    e.preventDefault();
    if (proving) void run(() => putVault(proving, signature.trim()));
  };

  return (
    <li data-testid={`vault-${props.network}`}>
      <h3>
        {props.name} <span className="muted small">({props.network})</span>
      </h3>
      <VaultFacts name={props.name} address={props.address} vault={props.vault} policy={props.policy} />
      {props.manage ? (
        <form onSubmit={save} noValidate className="inline-form" aria-label={`Vault on ${props.name}`}>
          <Field id={id} path="address" label={props.address ? 'New vault address' : 'Vault address'} error={error}>
            {(p) => (
              <input
                {...p}
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                placeholder="0x…"
                spellCheck={false}
              />
            )}
          </Field>
          <label>
            <input type="checkbox" checked={smart} onChange={(e) => setSmart(e.target.checked)} /> It is a
            smart-contract wallet (multisig or smart account)
          </label>
          <div className="actions">
            <button type="submit" disabled={busy || !props.available}>
              {props.address ? 'Change vault' : 'Set vault'}
            </button>
            {wallet ? (
              <button type="button" disabled={busy || !props.available} onClick={() => void fromWallet()}>
                {props.address ? 'Use' : 'Set from'} {wallet.name}
              </button>
            ) : null}
            {props.vault && !props.vault.verified ? (
              <button
                type="button"
                disabled={busy || !props.available}
                onClick={() => void prove(props.vault!.address, props.vault!.smart_contract_wallet)}
              >
                Prove vault
              </button>
            ) : null}
            {props.address ? (
              <button
                type="button"
                className="secondary danger"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    await ok(gateway.DELETE('/v1/vaults/{network}', { params: { path: { network: props.network } } }));
                    done();
                  })
                }
              >
                Remove vault
              </button>
            ) : null}
          </div>
          {proving ? null : <ApiErrorText error={error} />}
        </form>
      ) : null}
      {props.manage && proving ? (
        <SignatureForm
          id={id}
          name={props.name}
          proving={proving}
          wallet={wallet}
          busy={busy}
          error={error}
          signature={signature}
          onSignature={setSignature}
          onSubmit={submitPasted}
          onSign={() => void run(() => signWithWallet(proving))}
          onCancel={() => setProving(null)}
        />
      ) : null}
    </li>
  );
}

/** The vault's address, whether it is proven, and what the chain says of it. */
function VaultFacts(props: {
  name: string;
  address: string | null;
  vault: Vault | null;
  policy: SettlementPolicy['networks'][number] | null;
}) {
  const onChain = props.policy?.vault?.on_chain ?? null;
  return (
    <>
      {props.address ? (
        <p>
          Vault <code data-testid="vault-address">{props.address}</code>{' '}
          {props.vault?.verified ? (
            <span className="muted small" data-testid="vault-proof">
              proven {props.vault.verified_at ? when(props.vault.verified_at) : ''}
            </span>
          ) : props.vault ? (
            <strong className="small" data-testid="vault-proof">
              unproven: set before vaults were proven; sign with it to prove it is yours
            </strong>
          ) : null}
        </p>
      ) : (
        <p className="muted">No vault: payments on {props.name} cannot be created until one is set.</p>
      )}
      {onChain ? (
        onChain.error ? (
          <p className="field-error">{onChain.error}</p>
        ) : (
          <p className="muted small">
            On-chain at block {onChain.block_number} ({when(onChain.read_at)}):{' '}
            {onChain.kind === 'contract' ? 'a contract (smart-contract wallet)' : 'an account without code'} ·{' '}
            {(onChain.balances ?? []).map((b) => formatMoney(b.amount, b.symbol)).join(' · ')}
          </p>
        )
      ) : null}
    </>
  );
}

/** The challenge message of a vault being proven, signed in the browser wallet or pasted. */
function SignatureForm(props: {
  id: string;
  name: string;
  proving: Proving;
  wallet: ReturnType<typeof useInjectedWallet>;
  busy: boolean;
  error: ReturnType<typeof useAction>['error'];
  signature: string;
  onSignature: (signature: string) => void;
  onSubmit: (e: FormEvent) => void;
  onSign: () => void;
  onCancel: () => void;
}) {
  return (
    <form onSubmit={props.onSubmit} noValidate className="stack" aria-label={`Prove the vault on ${props.name}`}>
      <p className="small">
        Sign this message with <code>{props.proving.address}</code> (personal_sign; a multisig or smart account signs it
        in its own app), then paste the signature. Signing sends no transaction.
      </p>
      <textarea readOnly value={props.proving.message} rows={9} aria-label="Message to sign" spellCheck={false} />
      <ApiErrorText error={props.error} />
      <div className="actions">
        {props.wallet && !props.proving.smart ? (
          <button type="button" disabled={props.busy} onClick={props.onSign}>
            Sign with {props.wallet.name}
          </button>
        ) : null}
      </div>
      <Field id={`${props.id}-signature`} path="signature" label="Signature" error={props.error}>
        {(p) => (
          <input
            {...p}
            value={props.signature}
            onChange={(e) => props.onSignature(e.target.value)}
            placeholder="0x…"
            spellCheck={false}
          />
        )}
      </Field>
      <div className="actions">
        <button type="submit" disabled={props.busy || !props.signature.trim()}>
          Submit signature
        </button>
        <button type="button" className="secondary" disabled={props.busy} onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The gateway's challenge message for `address` as the vault of `network`: what the address signs. */
async function challenge(network: string, address: string, smart: boolean): Promise<Proving> {
  const c = await ok(
    gateway.GET('/v1/vaults/{network}/challenge', { params: { path: { network }, query: { address } } }),
  );
  return { address: c.address, smart, message: c.message };
}

/** The wallet's account (asks the wallet to connect), checksummed. */
async function connectedAccount(wallet: NonNullable<ReturnType<typeof useInjectedWallet>>): Promise<string> {
  try {
    const [account] = (await wallet.provider.request({ method: 'eth_requestAccounts' })) as string[];
    if (!account || !isAddress(account)) throw new Error(`${wallet.name} shared no account`);
    return getAddress(account);
  } catch (err) {
    throw err instanceof Error && err.message.endsWith('shared no account') ? err : new Error(walletMessage(err));
  }
}

/** The vault's signature of the challenge, by the browser wallet; refused when its account is not the vault. */
async function signAsVault(wallet: NonNullable<ReturnType<typeof useInjectedWallet>>, p: Proving): Promise<Hex> {
  try {
    const [account] = (await wallet.provider.request({ method: 'eth_requestAccounts' })) as string[];
    if (!account) throw new Error('The wallet shared no account');
    if (!isAddress(p.address) || getAddress(account) !== getAddress(p.address)) {
      throw new Error(
        `The wallet's account ${getAddress(account)} is not the vault ${p.address}: switch accounts in ` +
          `${wallet.name} and sign again, or sign the message with the vault another way and paste the signature.`,
      );
    }
    const client = createWalletClient({ account: account as Hex, transport: custom(wallet.provider) });
    return await client.signMessage({ account: account as Hex, message: p.message });
  } catch (err) {
    throw err instanceof Error && err.message.startsWith('The wallet') ? err : new Error(walletMessage(err));
  }
}
