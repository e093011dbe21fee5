import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { PublicNetwork } from '../../shared/api.ts';
import { CopyButton } from './CopyButton.tsx';
import { eip681TransferUri } from './eip681.ts';
import { PaymentQr } from './PaymentQr.tsx';
import { TokenWarning } from './TokenWarning.tsx';

/**
 * "0x" and ten groups of four: easy to compare by eye, and it wraps between groups on a narrow screen. The groups are
 * spans spaced by CSS, not by spaces, so selecting the address copies it whole.
 */
export function GroupedAddress({ address }: { address: string }) {
  const groups = [address.slice(0, 2), ...(address.slice(2).match(/.{1,4}/g) ?? [])];
  return (
    <code className="address grouped" data-testid="deposit-address">
      {groups.map((g, i) => (
        <span key={i}>{g}</span>
      ))}
    </code>
  );
}

/** Pay by sending the exact token amount to the payment's own address (from any wallet or exchange). */
export function DepositAddress({
  network,
  amount,
  units,
  merchant,
}: {
  network: PublicNetwork;
  /** The amount due, already formatted as money. */
  amount: string;
  units: string;
  merchant: string;
}) {
  const { t, tx } = useI18n();
  const uri = eip681TransferUri({
    token: network.token_address,
    chainId: network.chain_id,
    to: network.deposit_address,
    units,
  });
  return (
    <div className="method" data-testid="address-method">
      <p>
        {tx('checkout.sendExactly', { amount: <strong>{amount}</strong>, network: <strong>{network.name}</strong> })}
      </p>
      <div className="address-row" role="group" aria-label={t('checkout.depositAddress')}>
        <GroupedAddress address={network.deposit_address} />
        <CopyButton text={network.deposit_address} label={t('checkout.copyAddress')} />
      </div>
      <div className="qr-row">
        <PaymentQr
          uri={uri}
          label={t('checkout.qrAlt', { amount, network: network.name, address: network.deposit_address })}
        />
        <a className="button open-wallet" href={uri} data-testid="open-in-wallet">
          {t('checkout.openInWallet')}
        </a>
      </div>
      <TokenWarning network={network} merchant={merchant} />
    </div>
  );
}
