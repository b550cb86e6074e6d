/**
 * The shared error catalogue (sql-editor.md section 8) as the user reads it: every fixed message
 * the client can show from it has an entry in en/fr/de messages.json (issue 30 item 4), so a new
 * message without a translation fails here.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_MESSAGES,
  DROP_MESSAGES,
  INVALID_LOGIN_MESSAGE,
  LOGIN_REQUIRED_MESSAGE,
  NetworkErrorMessage,
  NOT_FOUND_MESSAGE,
  SqlLabMessage,
  STATUS_TEXT,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from '@rama/shared';
import en from '../locales/en/messages.json';
import fr from '../locales/fr/messages.json';
import de from '../locales/de/messages.json';
import { changeLanguage, sharedText } from './index';

const fixedTexts = (): string[] => {
  const network = Object.values(NetworkErrorMessage).flatMap((v) => (Array.isArray(v) ? v : [v]));
  return [
    ...network.filter((text) => !text.includes('%s')),
    ...Object.values(STATUS_TEXT),
    ...Object.values(SqlLabMessage),
    ...Object.values(DROP_MESSAGES),
    ...(Object.values(DASHBOARD_MESSAGES) as unknown[]).filter((m): m is string => typeof m === 'string'),
    INVALID_LOGIN_MESSAGE,
    LOGIN_REQUIRED_MESSAGE,
    NOT_FOUND_MESSAGE,
    TOO_MANY_ATTEMPTS_MESSAGE,
  ];
};

describe('the shared error catalogue in three languages', () => {
  // the unit run shares one module graph per worker: leave the app in English for the next file
  afterAll(() => changeLanguage('en'));

  it('has every fixed client message in en, fr and de', () => {
    const missing = fixedTexts().flatMap((text) =>
      Object.entries({ en, fr, de })
        .filter(([, file]) => !(text in file))
        .map(([language]) => `${language}: ${text}`),
    );
    expect(missing).toEqual([]);
  });

  it('shows a catalogue message in the current language and passes other texts through', async () => {
    await changeLanguage('fr');
    expect(sharedText('messages', 'Network error')).toBe('Erreur réseau');
    expect(sharedText('messages', 'relation "x" does not exist')).toBe('relation "x" does not exist');
    await changeLanguage('de');
    expect(sharedText('messages', 'Request timed out')).toBe('Zeitüberschreitung der Anfrage');
    await changeLanguage('en');
    expect(sharedText('messages', 'Network error')).toBe('Network error');
  });
});
