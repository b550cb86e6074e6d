import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { DEFAULT_PREFERENCES, mergePreferences, readPreferences, UserPreferencesUpdate } from './preferences.js';

describe('user preferences contract', () => {
  it('defaults to following the system', () => {
    expect(DEFAULT_PREFERENCES).toEqual({ theme: 'system' });
    expect(readPreferences(null)).toEqual({ theme: 'system' });
  });

  it('reads stored JSON, falling back field by field on anything it does not know', () => {
    expect(readPreferences('{"theme":"dark"}')).toEqual({ theme: 'dark' });
    expect(readPreferences({ theme: 'light', locale: 'fr' })).toEqual({ theme: 'light' });
    expect(readPreferences('{"theme":"sepia"}')).toEqual({ theme: 'system' });
    expect(readPreferences('not json')).toEqual({ theme: 'system' });
    expect(readPreferences('[]')).toEqual({ theme: 'system' });
  });

  it('a PUT body names known fields with known values, at least one', () => {
    expect(Value.Check(UserPreferencesUpdate, { theme: 'dark' })).toBe(true);
    expect(Value.Check(UserPreferencesUpdate, { theme: 'sepia' })).toBe(false);
    expect(Value.Check(UserPreferencesUpdate, { theme: 'dark', admin: true })).toBe(false);
    expect(Value.Check(UserPreferencesUpdate, {})).toBe(false);
  });

  it('a PUT changes the fields it names and keeps the rest', () => {
    expect(mergePreferences({ theme: 'dark' }, { theme: 'light' })).toEqual({ theme: 'light' });
    expect(mergePreferences({ theme: 'dark' }, {})).toEqual({ theme: 'dark' });
  });
});
