// The decimals of tokens other than the official ones (table token_decimals), so that their amounts have a decimal
// twin too (transfers and sweeps of a foreign token, GET /v1/payments/{id}, /v1/transactions, /v1/settlements).
// Read once per token and network, by the chain watcher when it records the token's first transfer: an ERC-20 that
// answers no decimals() (or more than 255) keeps no row and its amounts stay base units only (amount: null).
import type { Sql } from '@tender/platform';

export interface DecimalsReader {
  getTokenDecimals?(token: string): Promise<number | null>;
}

export async function rememberTokenDecimals(
  sql: Sql,
  network: string,
  reader: DecimalsReader,
  tokens: readonly string[],
): Promise<void> {
  const wanted = [...new Set(tokens.map((t) => t.toLowerCase()))];
  if (wanted.length === 0 || !reader.getTokenDecimals) return;
  const known = await sql.query<{ token: string }>(
    'select token from token_decimals where network = $1 and token = any($2::text[])',
    [network, wanted],
  );
  const have = new Set(known.map((k) => k.token));
  for (const token of wanted) {
    if (have.has(token)) continue;
    const decimals = await reader.getTokenDecimals(token).catch(() => null);
    if (decimals === null || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) continue;
    await sql.query(
      'insert into token_decimals (network, token, decimals) values ($1, $2, $3) on conflict do nothing',
      [network, token, decimals],
    );
  }
}

/** SQL: the stored decimals of `<alias>.token` on `<alias>.network` (null when unknown). */
export const storedDecimals = (alias: string) =>
  `(select td.decimals from token_decimals td where td.network = ${alias}.network and td.token = ${alias}.token)`;
