/**
 * The EIP-681 URI of an ERC-20 transfer, as mobile wallets read it from a QR code:
 * `ethereum:<token>@<chainId>/transfer?address=<recipient>&uint256=<base units>`.
 */
export function eip681TransferUri(p: { token: string; chainId: number; to: string; units: string | bigint }): string {
  return `ethereum:${p.token}@${p.chainId}/transfer?address=${p.to}&uint256=${p.units.toString()}`;
}
