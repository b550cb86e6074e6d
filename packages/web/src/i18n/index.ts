/**
 * One i18next instance for the whole web app (issue 30 item 4), with ICU messages
 * (`{count, plural, one {# chart} other {# charts}}`, `{when, date, medium}`), English bundled and
 * French and German loaded when chosen.
 *
 * - In a component: `const { t } = useTranslation('sqllab'); t('run')`, or a key of another file
 *   with its prefix: `t('common:save')`.
 * - Outside React (slices, helpers, toasts): `import { t } from '../i18n'; t('sqllab:run')`. It reads
 *   the current language when called, so call it where the text is shown, not at module load.
 */
import i18next, { type TOptions } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES, type Language } from '@rama/shared';
import { NAMESPACES, type Namespace } from './namespaces';

type Resources = Record<string, Record<string, unknown>>;

/** English is in the main bundle: the first paint never waits for it, and it is every fallback. */
const english = import.meta.glob<Record<string, unknown>>('../locales/en/*.json', { eager: true, import: 'default' });
/** The other languages: one chunk per file, fetched when the language is chosen. */
const lazy = import.meta.glob<Record<string, unknown>>(['../locales/*/*.json', '!../locales/en/*.json'], { import: 'default' });
/**
 * A chart type's own words in French and German live in its web folder,
 * `visualizations/<…>/<type>/locales/fr.json` and `de.json` (one pair for a family folder), keyed by
 * the English words like the rest of `visualizations.json`, so a new type adds them there and
 * nowhere else (issue 29: its folder and one line). The rule:
 * - in the folder: each of its types' name and description, and every tag the central file lacks;
 * - in the central `locales/<language>/visualizations.json`: every category, and the tags two or
 *   more folders share. A new type's tag goes in its own folder, copied with the same words if
 *   another folder has it; the central file changes only for a new category (or when a tag of one
 *   folder becomes common: moved there, out of the folders).
 * English needs no file: the English words are the fallback. `loadLanguage` merges the folder files
 * into the `visualizations` namespace (vite.config.ts bundles them in one chunk per language).
 * `visualizations/chartTypeTexts.test.ts` holds the rule, and a word found in two places to the
 * same text in both.
 */
const chartTypeTexts = import.meta.glob<Record<string, unknown>>(['../visualizations/**/locales/*.json'], { import: 'default' });

function byNamespace(files: Record<string, Record<string, unknown>>): Resources {
  const out: Resources = {};
  for (const [path, messages] of Object.entries(files)) out[path.replace(/^.*\/([^/]+)\.json$/, '$1')] = messages;
  return out;
}

export const i18n = i18next.createInstance();

void i18n
  .use(ICU)
  .use(initReactI18next)
  .init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    // the language files are flat: 'menu.charts' is one key, not a path
    keySeparator: false,
    resources: { en: byNamespace(english) },
    // React escapes what it draws; messages put into HTML elsewhere are escaped there
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    initAsync: false,
  });

const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

/** Fetches a language's files once (English is always there). */
export async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const entries = Object.entries(lazy).filter(([path]) => path.includes(`/locales/${language}/`));
  const typeEntries = Object.entries(chartTypeTexts).filter(([path]) => path.endsWith(`/locales/${language}.json`));
  const [files, typeFiles] = await Promise.all([fetchAll(entries), fetchAll(typeEntries)]);
  for (const [ns, messages] of Object.entries(byNamespace(Object.fromEntries(files)))) {
    i18n.addResourceBundle(language, ns, messages, true, true);
  }
  for (const [, messages] of typeFiles) i18n.addResourceBundle(language, 'visualizations', messages, true, true);
  loaded.add(language);
}

type Loader = () => Promise<Record<string, unknown>>;

/** Fetches files in parallel, each paired with its path. */
async function fetchAll(entries: [string, Loader][]): Promise<(readonly [string, Record<string, unknown>])[]> {
  return Promise.all(entries.map(async ([path, load]) => [path, await load()] as const));
}

/** Switches the whole app to a language (its files fetched first). */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (lng === 'fr' || lng === 'de' ? lng : 'en') satisfies Language;
}

/** The BCP 47 locale numbers and dates are written in for the current language. */
export function currentLocale(): string {
  return LANGUAGE_LOCALES[currentLanguage()];
}

/** Translate outside React: `t('sqllab:run')`, `t('common:rows', { count })`. */
export function t(key: string, options?: TOptions): string {
  return i18n.t(key, options as TOptions) as string;
}

export type { Namespace };
export { NAMESPACES };

/**
 * A text declared in English by the shared package (a chart control's label or description, a
 * message of the shared error catalogue, a chart type's name, description, category or tag),
 * looked up by its English words in `controls.json`, `messages.json` or `visualizations.json` (with
 * the chart types' folder files merged into it, see `chartTypeTexts`); the English itself where a
 * language has no entry yet. Keyed by the words, not by a name, so the
 * shared package needs no key of its own and a test can list every text it declares.
 */
export function sharedText(ns: 'controls' | 'messages' | 'visualizations', english: string): string {
  if (!english) return english;
  const found = i18n.getResource(currentLanguage(), ns, english) as unknown;
  return typeof found === 'string' && found ? found : english;
}
