import Type, { type Static } from 'typebox';
import { isLanguage, type Language } from '../i18n/languages.js';

/**
 * A user's own preferences (issue 30 item 3), kept on the server so they follow the user from
 * browser to browser:
 *
 * - `GET /api/v1/me/preferences/` → `{"result": UserPreferences}` (the defaults while nothing is stored)
 * - `PUT /api/v1/me/preferences/` — body {@link UserPreferencesUpdate} (any subset of the fields),
 *   reply `{"result": UserPreferences}` with every field.
 *
 * Only a signed-in user has preferences: an anonymous visitor or a guest token gets 401.
 */

/** How the web app is drawn: light, dark, or as the operating system says (`prefers-color-scheme`). */
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export const DEFAULT_THEME_CHOICE: ThemeChoice = 'system';

export const ThemeChoiceSchema = Type.Union([Type.Literal('light'), Type.Literal('dark'), Type.Literal('system')]);

/** A language of the web app, or null: follow the browser's preferred languages. */
export const LanguageChoiceSchema = Type.Union([Type.Literal('en'), Type.Literal('fr'), Type.Literal('de'), Type.Null()]);

export const UserPreferences = Type.Object({ theme: ThemeChoiceSchema, language: LanguageChoiceSchema }, { additionalProperties: false });
export type UserPreferences = Static<typeof UserPreferences>;

/** PUT body: the fields to change; an unknown field or value is a 400. */
export const UserPreferencesUpdate = Type.Object(
  { theme: Type.Optional(ThemeChoiceSchema), language: Type.Optional(LanguageChoiceSchema) },
  { additionalProperties: false, minProperties: 1 },
);
export type UserPreferencesUpdate = Static<typeof UserPreferencesUpdate>;

export const DEFAULT_PREFERENCES: UserPreferences = { theme: DEFAULT_THEME_CHOICE, language: null };

/** The stored JSON text of a user's preferences is at most this long (a PUT can only grow it this far). */
export const MAX_PREFERENCES_BYTES = 4096;

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

/**
 * The preferences a stored value stands for: every known field that holds a valid value, the default
 * for the rest. A stored value from an older or newer version (an unknown field, a value this
 * version does not know, text that is not JSON) never breaks the page.
 */
export function readPreferences(stored: unknown): UserPreferences {
  let value: unknown = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch {
      value = null;
    }
  }
  const fields = value && typeof value === 'object' ? (value as { theme?: unknown; language?: unknown }) : {};
  return {
    theme: isThemeChoice(fields.theme) ? fields.theme : DEFAULT_PREFERENCES.theme,
    language: isLanguage(fields.language) ? (fields.language satisfies Language) : DEFAULT_PREFERENCES.language,
  };
}

/** The preferences after a PUT: the stored ones with the given fields replaced. */
export function mergePreferences(current: UserPreferences, update: UserPreferencesUpdate): UserPreferences {
  return {
    theme: update.theme ?? current.theme,
    // null is a choice too ("follow the browser"): only a missing field keeps the stored one
    language: update.language === undefined ? current.language : update.language,
  };
}
