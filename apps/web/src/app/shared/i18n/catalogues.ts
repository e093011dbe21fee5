// Every language the customer pages speak. A new language is a catalogue file and one line here.
import { de } from './de.ts';
import { en, type Catalogue } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { pt } from './pt.ts';

export const CATALOGUES = { en, es, de, fr, pt } satisfies Record<string, Catalogue>;
export type Locale = keyof typeof CATALOGUES;
export const LOCALES = Object.keys(CATALOGUES) as Locale[];

/** Each language named in itself, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  fr: 'Français',
  pt: 'Português',
};

/**
 * `?locale=` first, then the browser's languages (what it sends as Accept-Language), by language then by its
 * base ("pt-BR" → pt); English when none is spoken here.
 */
export function pickLocale(query: string | null, languages: readonly string[]): Locale {
  for (const tag of [query ?? '', ...languages]) {
    const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    if ((LOCALES as string[]).includes(base)) return base as Locale;
  }
  return 'en';
}

/** Fills `{name}` placeholders; unknown ones stay visible rather than vanish. */
export function fill(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}
