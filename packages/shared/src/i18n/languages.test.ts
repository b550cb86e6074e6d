import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, languageFor, pickLanguage } from './languages.js';

describe('language choice (issue 30 item 4: "stored per user, default from the browser")', () => {
  it('takes the first preferred language Rama has, by its primary subtag', () => {
    expect(pickLanguage(['de-AT', 'en'])).toBe('de');
    expect(pickLanguage(['es-ES', 'fr-CA', 'de'])).toBe('fr');
    expect(pickLanguage(['FR'])).toBe('fr');
    expect(pickLanguage(['en-GB'])).toBe('en');
  });

  it('falls back to English when the browser prefers none of the three, or says nothing', () => {
    expect(pickLanguage(['es', 'it'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage([null, ''])).toBe('en');
  });

  it('reads an Accept-Language header by weight, then order, ignoring q=0 and the wildcard', () => {
    expect(acceptLanguageTags('es;q=0.5, de-CH, fr;q=0.9, *;q=0.1, en;q=0')).toEqual(['de-CH', 'fr', 'es']);
    expect(pickLanguage(acceptLanguageTags('es, fr;q=0.8'))).toBe('fr');
    expect(acceptLanguageTags('')).toEqual([]);
    expect(acceptLanguageTags(`${'x,'.repeat(5000)}de`)).toHaveLength(20);
  });

  it("a user's stored choice wins over the browser", () => {
    expect(languageFor('de', 'fr-FR')).toBe('de');
    expect(languageFor(null, 'fr-FR,en;q=0.5')).toBe('fr');
    expect(languageFor(undefined, null)).toBe('en');
  });
});
