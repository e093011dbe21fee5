// Money at the edge: decimal strings in the API, bigint base units everywhere else. Never a float.
//
// Invariants (property-tested in amount.test.ts):
//  - parseAmount(formatAmount(u, d), d) === u for every u >= 0 and d in 0..36.
//  - formatAmount(parseAmount(s, d), d) is s in canonical form (no leading zeros, no trailing fractional zeros).
//  - parseAmount rejects anything that is not plain digits with an optional dot and at most `decimals` decimals:
//    no sign, exponent, whitespace, grouping or more precision than the token has (never rounds).

/** The spec's payment amount format: 1 to 12 integer digits, optionally a dot and 1 to 6 decimals. */
export const AMOUNT_PATTERN = '^[0-9]{1,12}(\\.[0-9]{1,6})?$';

export class AmountError extends RangeError {
  override readonly name = 'AmountError';
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Parses a non-negative decimal string into base units of a token with `decimals` decimals. Exact or throws. */
export function parseAmount(value: string, decimals: number): bigint {
  checkDecimals(decimals);
  const m = DECIMAL.exec(value);
  if (!m) throw new AmountError(`not a decimal amount: "${value}"`);
  const whole = m[1]!;
  const frac = m[2] ?? '';
  if (frac.length > decimals) {
    throw new AmountError(`"${value}" has ${frac.length} decimals; the token has ${decimals}`);
  }
  return BigInt(whole + frac.padEnd(decimals, '0'));
}

/** Formats base units as a canonical decimal string: "12.5", "0.000001", "3". */
export function formatAmount(units: bigint, decimals: number): string {
  checkDecimals(decimals);
  if (units < 0n) return `-${formatAmount(-units, decimals)}`;
  if (decimals === 0) return units.toString();
  const s = units.toString().padStart(decimals + 1, '0');
  const whole = s.slice(0, s.length - decimals);
  const frac = s.slice(s.length - decimals).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** Base units as a person reads money in a mail: grouped, at least two decimals ("1,234.50"); exact, never a float. */
export function displayAmount(units: bigint, decimals: number): string {
  const canonical = formatAmount(units, decimals);
  const [whole = '0', frac = ''] = canonical.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${canonical.startsWith('-') ? '-' : ''}${grouped}.${frac.padEnd(Math.min(2, decimals), '0')}`.replace(
    /\.$/,
    '',
  );
}

/** `numeric` columns arrive as strings; this is the one place they become bigint. */
export function unitsFromDb(value: string | number | bigint | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new AmountError(`unsafe integer from the database: ${value}`);
    return BigInt(value);
  }
  if (!/^-?\d+$/.test(value)) throw new AmountError(`not an integer amount: "${value}"`);
  return BigInt(value);
}

/** The amount pair every API object carries: `x` (decimal string) and `x_units` (integer string). */
export function amountPair(units: bigint, decimals: number): { amount: string; units: string } {
  return { amount: formatAmount(units, decimals), units: units.toString() };
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 77) {
    throw new AmountError(`decimals must be an integer from 0 to 77, got ${decimals}`);
  }
}
