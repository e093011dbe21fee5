// The reader's language for the customer pages: a context holding the locale, the catalogue lookups and the
// locale's formats, and the switcher that changes it (kept in ?locale= so a shared or reloaded link keeps it).
import { createContext, Fragment, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CATALOGUES, fill, LOCALE_NAMES, LOCALES, pickLocale, type Locale } from './catalogues.ts';
import type { MessageKey } from './en.ts';
import { formatCountdown, formatDate, formatInteger, formatMoney } from './localeFormat.ts';

export interface I18n {
  locale: Locale;
  setLocale(l: Locale): void;
  /** The message, placeholders filled with text. */
  t(key: MessageKey, vars?: Record<string, string | number>): string;
  /** The message with placeholders filled by elements (an address in <code>, an amount in <strong>). */
  tx(key: MessageKey, vars: Record<string, ReactNode>): ReactNode;
  money(amount: string, currency: string): string;
  integer(n: number): string;
  date(value: string): string;
  countdown(seconds: number): string;
}

function makeI18n(locale: Locale, setLocale: (l: Locale) => void): I18n {
  const cat = CATALOGUES[locale];
  return {
    locale,
    setLocale,
    t: (key, vars) => fill(cat[key], vars),
    tx: (key, vars) =>
      cat[key].split(/(\{\w+\})/).map((part, i) => {
        const m = /^\{(\w+)\}$/.exec(part);
        return <Fragment key={i}>{m && m[1]! in vars ? vars[m[1]!] : part}</Fragment>;
      }),
    money: (amount, currency) => formatMoney(amount, currency, locale),
    integer: (n) => formatInteger(n, locale),
    date: (value) => formatDate(value, locale),
    countdown: (s) => formatCountdown(s, locale),
  };
}

const I18nContext = createContext<I18n>(makeI18n('en', () => undefined));

export const useI18n = () => useContext(I18nContext);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState<Locale>(() =>
    pickLocale(new URLSearchParams(location.search).get('locale'), navigator.languages ?? [navigator.language]),
  );
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const value = useMemo(
    () =>
      makeI18n(locale, (l) => {
        const url = new URL(location.href);
        url.searchParams.set('locale', l);
        history.replaceState(history.state, '', url);
        setLocale(l);
      }),
    [locale],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function LocaleSwitcher() {
  const { locale, setLocale, t } = useI18n();
  return (
    <label className="locale-switcher">
      <span className="visually-hidden">{t('app.language')}</span>
      <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Sets document.title for the page and state shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
