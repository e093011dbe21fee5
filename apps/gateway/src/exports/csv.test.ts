import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.ts';

describe('csv', () => {
  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
  });
  it('defuses cells a spreadsheet would run as a formula, but keeps plain numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('-1.5')).toBe('-1.5');
    expect(csvCell(-3)).toBe('-3');
  });
  it('writes empty cells, dates as ISO UTC, booleans and big integers', () => {
    expect(csvRow([null, undefined, new Date('2026-01-02T03:04:05Z'), true, 10n ** 30n, 'x'])).toBe(
      ',,2026-01-02T03:04:05.000Z,true,1000000000000000000000000000000,x\r\n',
    );
  });
});
