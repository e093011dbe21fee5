/** Base units → decimal string, exact (bigint; never a float). */
export function formatUnits(units: string | bigint, decimals: number): string {
  const v = typeof units === 'bigint' ? units : BigInt(units);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** "1,234.5" style grouping of a decimal string, without going through a float. */
export function groupDigits(amount: string): string {
  const [whole, frac] = amount.split('.');
  const grouped = (whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${grouped}.${frac}` : grouped;
}

export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;
}

/** A decimal string as money: grouped, at least two decimals, with its symbol ("1,234.50 USDC"). Exact. */
export function formatMoney(amount: string, symbol: string): string {
  const [whole, frac = ''] = amount.split('.');
  return `${groupDigits(`${whole}.${frac.padEnd(2, '0')}`)} ${symbol}`;
}
