// The dashboard's shared formatters: money (exact, grouped, token decimals) and times (always with their zone).
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './app/shared/dateTime.ts';
import { formatAmountOrUnits, formatCompactAmount, formatMoney, formatMoneyUnits } from './app/shared/money.ts';

describe('formatMoney', () => {
  it('shows two decimals at least, the token decimals at most, grouped by thousands', () => {
    expect(formatMoney('12.5', 'USDC')).toBe('12.50 USDC');
    expect(formatMoney('12', 'EURC')).toBe('12.00 EURC');
    expect(formatMoney('1234567.891', 'USDC')).toBe('1,234,567.891 USDC');
    expect(formatMoney('0.000001', 'USDC')).toBe('0.000001 USDC');
    expect(formatMoney('1.1234567', 'USDC')).toBe('1.123456 USDC');
    expect(formatMoney('999999999999.999999', 'USDC')).toBe('999,999,999,999.999999 USDC');
    expect(formatMoney('-5', 'USDC')).toBe('-5.00 USDC');
    expect(formatMoney('0007.10')).toBe('7.10');
  });
  it('keeps the decimals a foreign token has', () => {
    expect(formatMoney('3.5', 'WBTC', 8)).toBe('3.50 WBTC');
    expect(formatMoney('3', 'NOD', 0)).toBe('3 NOD');
  });
  it('shows a dash for no amount and leaves an unparseable one as it is', () => {
    expect(formatMoney(null, 'USDC')).toBe('—');
    expect(formatMoney('', 'USDC')).toBe('—');
    expect(formatMoney('n/a', 'USDC')).toBe('n/a USDC');
  });
  it('formats base units exactly', () => {
    expect(formatMoneyUnits('12500000', 6, 'USDC')).toBe('12.50 USDC');
    expect(formatMoneyUnits(123456789012345678n, 18, 'DAI')).toBe('0.123456789012345678 DAI');
    expect(formatMoneyUnits('100000000000000', 6, 'USDC')).toBe('100,000,000.00 USDC');
  });
  it('shows an amount as money when its decimals are known, else its base units grouped and named', () => {
    expect(formatAmountOrUnits('1234.5', '1234500000', 'USDC')).toBe('1,234.50 USDC');
    expect(formatAmountOrUnits('0.000000000000000001', '1', 'token 0x1111…111111', 18)).toBe(
      '0.000000000000000001 token 0x1111…111111',
    );
    expect(formatAmountOrUnits(null, '1000000', null)).toBe('1,000,000 base units');
    expect(formatAmountOrUnits(null, '1000000', 'token 0x1111…111111')).toBe(
      '1,000,000 base units of token 0x1111…111111',
    );
    expect(formatAmountOrUnits(null, null, 'USDC')).toBe('—');
  });
  it('abbreviates axis values', () => {
    expect(formatCompactAmount(0)).toBe('0');
    expect(formatCompactAmount(950)).toBe('950');
    expect(formatCompactAmount(2.5)).toBe('2.5');
    expect(formatCompactAmount(1250)).toBe('1.3K');
    expect(formatCompactAmount(3_400_000)).toBe('3.4M');
    expect(formatCompactAmount(250_000)).toBe('250K');
  });
});

describe('formatDateTime', () => {
  it('names the time zone', () => {
    expect(formatDateTime('2026-11-27T03:48:00Z', 'UTC')).toBe('Nov 27, 2026, 3:48 AM UTC');
    expect(formatDateTime('2026-07-01T12:00:00Z', 'Europe/Berlin')).toMatch(/2:00 PM GMT\+2$/);
    expect(formatDateTime('2026-01-01T12:00:00Z', 'America/New_York')).toMatch(/7:00 AM EST$/);
  });
  it('shows a dash for none and leaves garbage as it is', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
  it('shows UTC days as the API counts them', () => {
    expect(formatDay('2026-11-27')).toBe('Nov 27');
    expect(formatDay('2026-01-02', true)).toBe('Jan 2, 2026');
  });
});
