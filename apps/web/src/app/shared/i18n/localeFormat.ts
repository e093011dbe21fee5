// Numbers, money, dates and durations in the reader's locale (Intl), from exact decimal strings: an amount never
// goes through a float, so "470.740001" stays exact and only its grouping and separators change.

/** The locale's decimal separator. */
function separators(locale: string): { decimal: string } {
  return { decimal: new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.' };
}

/**
 * A decimal string as money: grouped, at least two decimals (cents, as stablecoins are written), never fewer
 * than the amount has ("12.5" → "12.50", "470.740001" stays). Exact for any size.
 */
export function formatDecimal(amount: string, locale: string, minFraction = 2): string {
  const neg = amount.startsWith('-');
  const [whole = '0', frac = ''] = (neg ? amount.slice(1) : amount).split('.');
  const { decimal } = separators(locale);
  const grouped = new Intl.NumberFormat(locale).format(BigInt(whole || '0'));
  const f = frac.replace(/0+$/, '').padEnd(minFraction, '0');
  return `${neg ? '-' : ''}${grouped}${f ? `${decimal}${f}` : ''}`;
}

/** "12.50 USDC" (the token symbol after the number in every locale: it is not an ISO currency). */
export function formatMoney(amount: string, currency: string, locale: string): string {
  return `${formatDecimal(amount, locale)}\u00a0${currency}`;
}

export function formatInteger(n: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
}

/** A calendar date (YYYY-MM-DD or an ISO instant) in the locale's long form. */
export function formatDate(value: string, locale: string): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

/** A countdown, h:mm:ss or m:ss, with the locale's digits. */
export function formatCountdown(seconds: number, locale: string): string {
  const nf = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const n1 = new Intl.NumberFormat(locale, { useGrouping: false });
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${n1.format(h)}:${nf.format(m)}:${nf.format(s)}` : `${n1.format(m)}:${nf.format(s)}`;
}
