// Money as the dashboard shows it: "1,234.50 USDC". Exact (decimal strings and bigint, never a float), grouped in
// thousands, at least two decimals and never more than the token has (USDC and EURC: 6), trailing zeros beyond the
// second trimmed. One formatter for every amount a merchant reads.
import { formatUnits, groupDigits } from './format.ts';

/** Decimals of the tokens the gateway accepts; a foreign token passes its own. */
export const TOKEN_DECIMALS: Readonly<Record<string, number>> = { USDC: 6, EURC: 6, USDT: 6 };

/** A decimal string ("12.5", "1234.567891") shown as an amount of `currency`: "12.50 USDC", "1,234.567891 USDC". */
export function formatMoney(
  amount: string | null | undefined,
  currency?: string | null,
  decimals = TOKEN_DECIMALS[currency ?? ''] ?? 6,
): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(amount.trim());
  if (!m) return currency ? `${amount} ${currency}` : amount;
  const [, sign, whole, frac = ''] = m;
  const kept = frac.slice(0, Math.max(decimals, 0)).replace(/0+$/, '');
  const shown = decimals < 2 ? kept : kept.padEnd(2, '0');
  const body = groupDigits(`${(whole || '0').replace(/^0+(?=\d)/, '')}${shown ? `.${shown}` : ''}`);
  return `${sign}${body}${currency ? ` ${currency}` : ''}`;
}

/** Base units of a token with `decimals` ("12500000", 6) shown as money: "12.50 USDC". */
export function formatMoneyUnits(units: string | bigint, decimals: number, currency?: string | null): string {
  return formatMoney(formatUnits(units, decimals), currency, decimals);
}

/**
 * An amount the API gives twice: in base units always, and as a decimal string when the token's decimals are known
 * (null otherwise). Known: money with its token ("1,000,000.00 USDC"; `decimals` as formatMoney takes them, and a
 * token named by address keeps every decimal it has when the caller passes its 18). Unknown: the base units, grouped
 * and named as such ("1,000,000 base units", "… of token 0x1234…abcd"), never read as whole tokens.
 */
export function formatAmountOrUnits(
  amount: string | null,
  units: string | null,
  token: string | null,
  decimals?: number,
): string {
  if (amount !== null) return formatMoney(amount, token, decimals);
  if (units === null) return '—';
  return `${groupDigits(units)} base units${token ? ` of ${token}` : ''}`;
}

/** A short axis label: "0", "950", "1.2K", "3.4M" (whole tokens; an axis is a scale, the figures carry the cents). */
export function formatCompactAmount(value: number): string {
  const abs = Math.abs(value);
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (abs >= size) return `${trimFixed(value / size)}${suffix}`;
  }
  return abs > 0 && abs < 10 ? trimFixed(value) : String(Math.round(value));
}

function trimFixed(n: number): string {
  return (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(1)).replace(/\.0$/, '');
}
