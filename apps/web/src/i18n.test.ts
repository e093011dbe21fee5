// The customer pages' languages: every catalogue has every key with the same placeholders as English; no component of
// the checkout, link, invoice or verify pages holds user-facing text of its own (JSX text or a text attribute outside
// the catalogue); the language choice and the locale formats.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, LOCALES, pickLocale } from './app/shared/i18n/catalogues.ts';
import { en } from './app/shared/i18n/en.ts';
import { formatCountdown, formatDate, formatMoney } from './app/shared/i18n/localeFormat.ts';

const APP = fileURLToPath(new URL('./app/', import.meta.url));
/** The customer pages and what they render. */
const CUSTOMER_DIRS = [
  'customer/checkout',
  'customer/link',
  'customer/invoice',
  'merchant/verify',
  'shared',
  'shared/i18n',
];
/** Attributes a person reads (or hears). */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'title', 'alt', 'placeholder', 'label']);
/** JSX text that is not language: punctuation, separators, symbols. */
const NOT_WORDS = /^[\s\p{P}\p{S}\d]*$/u;

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** User-facing literals in a TSX file: JSX text with letters and string-literal text attributes. */
function hardCodedStrings(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isJsxText(n) && !NOT_WORDS.test(n.text)) found.push(n.text.trim());
    if (ts.isJsxAttribute(n) && TEXT_ATTRIBUTES.has(n.name.getText(sf)) && n.initializer) {
      const init = n.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression
          : undefined;
      if (literal && !NOT_WORDS.test(literal.text)) found.push(`${n.name.getText(sf)}="${literal.text}"`);
    }
    // A string or template literal rendered as a JSX child: {'Pay now'} or {`Pay ${x}`}.
    if (ts.isJsxExpression(n) && n.expression && ts.isJsxElement(n.parent)) {
      const e = n.expression;
      if (ts.isStringLiteral(e) && !NOT_WORDS.test(e.text)) found.push(e.text);
      if (ts.isTemplateExpression(e) && /\p{L}/u.test(e.getText(sf).replace(/\$\{[^}]*\}/g, '')))
        found.push(e.getText(sf));
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe('message catalogues', () => {
  it('speak five languages', () => {
    expect(LOCALES).toEqual(['en', 'es', 'de', 'fr', 'pt']);
  });

  it.each(LOCALES)('%s has every key, non-empty, with the English placeholders', (locale) => {
    const cat = CATALOGUES[locale] as Record<string, string>;
    expect(Object.keys(cat).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(cat[key]?.trim(), `${locale} ${key}`).toBeTruthy();
      expect(placeholders(cat[key]!), `${locale} ${key}`).toEqual(placeholders(text));
    }
  });

  it('are translations, not copies of English', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const cat = CATALOGUES[locale] as Record<string, string>;
      const same = Object.entries(en).filter(([k, v]) => cat[k] === v && /\p{L}{4,}/u.test(v.replace(/\{\w+\}/g, '')));
      // A few words are the same in both languages (Total, PDF…); whole sentences are not.
      expect(
        same.filter(([, v]) => v.split(' ').length > 2),
        locale,
      ).toEqual([]);
    }
  });

  it('no customer-page component holds a hard-coded user-facing string', async () => {
    const offenders: string[] = [];
    for (const dir of CUSTOMER_DIRS) {
      for (const f of await readdir(join(APP, dir))) {
        if (!f.endsWith('.tsx')) continue;
        const path = join(APP, dir, f);
        for (const s of hardCodedStrings(path, await readFile(path, 'utf8'))) offenders.push(`${dir}/${f}: ${s}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the scan catches JSX text, text attributes and literal children', () => {
    const found = hardCodedStrings(
      'x.tsx',
      `const a = <p title="Hello there">Pay now {'Cancel'} {\`Pay \${x}\`} {t('ok')} · {n}</p>;`,
    );
    expect(found).toEqual(['title="Hello there"', 'Pay now', 'Cancel', '`Pay ${x}`']);
  });
});

describe('locale choice and formats', () => {
  it('?locale= wins, then the browser languages by base tag, then English', () => {
    expect(pickLocale('de', ['fr-FR'])).toBe('de');
    expect(pickLocale(null, ['pt-BR', 'en'])).toBe('pt');
    expect(pickLocale('xx', ['ja', 'es-MX'])).toBe('es');
    expect(pickLocale(null, ['ja'])).toBe('en');
  });

  it('writes money padded to cents, exact, grouped by locale', () => {
    const nb = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');
    expect(nb(formatMoney('12.5', 'USDC', 'en'))).toBe('12.50 USDC');
    expect(nb(formatMoney('470.740001', 'USDC', 'en'))).toBe('470.740001 USDC');
    expect(nb(formatMoney('1234567', 'EURC', 'de'))).toBe('1.234.567,00 EURC');
    expect(nb(formatMoney('1234.5', 'USDC', 'fr'))).toBe('1 234,50 USDC');
    expect(nb(formatMoney('0.000001', 'USDC', 'es'))).toBe('0,000001 USDC');
  });

  it('formats dates and countdowns by locale', () => {
    expect(formatDate('2026-03-05', 'de')).toBe('5. März 2026');
    expect(formatDate('2026-03-05', 'en')).toBe('March 5, 2026');
    expect(formatCountdown(125, 'en')).toBe('2:05');
    expect(formatCountdown(3725, 'fr')).toBe('1:02:05');
  });
});
