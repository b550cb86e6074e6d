import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { DEFAULT_PREFERENCES, mergePreferences, readPreferences, UserPreferencesUpdate } from './preferences.js';

const DEFAULTS = { theme: 'system', language: null };

describe('user preferences contract', () => {
  it('defaults to following the system for the theme and the browser for the language', () => {
    expect(DEFAULT_PREFERENCES).toEqual(DEFAULTS);
    expect(readPreferences(null)).toEqual(DEFAULTS);
  });

  it('reads stored JSON, falling back field by field on anything it does not know', () => {
    expect(readPreferences('{"theme":"dark"}')).toEqual({ theme: 'dark', language: null });
    expect(readPreferences({ theme: 'light', locale: 'fr' })).toEqual({ theme: 'light', language: null });
    expect(readPreferences('{"theme":"sepia","language":"fr"}')).toEqual({ theme: 'system', language: 'fr' });
    expect(readPreferences('{"language":"es"}')).toEqual(DEFAULTS);
    expect(readPreferences('not json')).toEqual(DEFAULTS);
    expect(readPreferences('[]')).toEqual(DEFAULTS);
  });

  it('a PUT body names known fields with known values, at least one', () => {
    expect(Value.Check(UserPreferencesUpdate, { theme: 'dark' })).toBe(true);
    expect(Value.Check(UserPreferencesUpdate, { language: 'de' })).toBe(true);
    expect(Value.Check(UserPreferencesUpdate, { language: null })).toBe(true);
    expect(Value.Check(UserPreferencesUpdate, { language: 'es' })).toBe(false);
    expect(Value.Check(UserPreferencesUpdate, { theme: 'sepia' })).toBe(false);
    expect(Value.Check(UserPreferencesUpdate, { theme: 'dark', admin: true })).toBe(false);
    expect(Value.Check(UserPreferencesUpdate, {})).toBe(false);
  });

  it('a PUT changes the fields it names and keeps the rest; a null language means "follow the browser"', () => {
    expect(mergePreferences({ theme: 'dark', language: 'fr' }, { theme: 'light' })).toEqual({ theme: 'light', language: 'fr' });
    expect(mergePreferences({ theme: 'dark', language: 'fr' }, {})).toEqual({ theme: 'dark', language: 'fr' });
    expect(mergePreferences({ theme: 'dark', language: 'fr' }, { language: null })).toEqual({ theme: 'dark', language: null });
    expect(mergePreferences({ theme: 'dark', language: null }, { language: 'de' })).toEqual({ theme: 'dark', language: 'de' });
  });
});
