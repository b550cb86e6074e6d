/**
 * The languages of the web app and of the server's messages (issue 30 item 4). A user picks one in
 * the user menu (kept in their preferences); until they do, the browser's preferred languages pick
 * the first one Rama has, and English otherwise.
 */

export const LANGUAGES = ['en', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself: a reader finds their own language whatever the page is drawn in. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', fr: 'Français', de: 'Deutsch' };

/** The locale used for numbers and dates in each language (BCP 47). */
export const LANGUAGE_LOCALES: Readonly<Record<Language, string>> = { en: 'en-US', fr: 'fr-FR', de: 'de-DE' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language for a list of preferred language tags, best first (`navigator.languages`, or an
 * Accept-Language header read in order): the first whose primary subtag Rama has ('fr-CA' → 'fr'),
 * English when none is.
 */
export function pickLanguage(preferred: readonly (string | null | undefined)[] | null | undefined): Language {
  for (const tag of preferred ?? []) {
    if (typeof tag !== 'string') continue;
    const primary = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The language tags of an Accept-Language header, most preferred first (by q, then order); at most
 * 20 are read, so a long header costs nothing.
 */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}

/** The language a user's messages are in: their choice, else what the request's browser prefers. */
export function languageFor(choice: Language | null | undefined, acceptLanguage?: string | null): Language {
  return choice ?? pickLanguage(acceptLanguageTags(acceptLanguage));
}
