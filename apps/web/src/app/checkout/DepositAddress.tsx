import type { PublicNetwork } from '../shared/api.ts';
import { groupDigits } from '../shared/format.ts';
import { CopyButton } from './CopyButton.tsx';
import { eip681TransferUri } from './eip681.ts';
import { PaymentQr } from './PaymentQr.tsx';
import { TokenWarning } from './TokenWarning.tsx';

/** Pay by sending the exact token amount to the payment's own address (from any wallet or exchange). */
export function DepositAddress({ network, amount, units }: { network: PublicNetwork; amount: string; units: string }) {
  const uri = eip681TransferUri({
    token: network.token_address,
    chainId: network.chain_id,
    to: network.deposit_address,
    units,
  });
  return (
    <div className="method" data-testid="address-method">
      <p>
        Send exactly{' '}
        <strong>
          {groupDigits(amount)} {network.token_symbol}
        </strong>{' '}
        on <strong>{network.name}</strong> to:
      </p>
      <div className="address-row">
        <code className="address" data-testid="deposit-address">
          {network.deposit_address}
        </code>
        <CopyButton text={network.deposit_address} label="Copy the deposit address" />
      </div>
      <PaymentQr
        uri={uri}
        label={`QR code: send ${amount} ${network.token_symbol} on ${network.name} to ${network.deposit_address}`}
      />
      <TokenWarning network={network} />
    </div>
  );
}
