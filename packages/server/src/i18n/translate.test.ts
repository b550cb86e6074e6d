/** The message matcher (issue 30 item 4): exact texts, templates, pass-through, error body shapes. */
import { describe, expect, it } from 'vitest';
import { localize, translateErrorBody, translateMessage } from './translate.js';

describe('translateMessage', () => {
  it('translates a fixed message by exact lookup', () => {
    expect(translateMessage('Dashboard not found', 'fr')).toBe('Tableau de bord introuvable');
    expect(translateMessage('Dashboard not found', 'de')).toBe('Dashboard nicht gefunden');
    expect(translateMessage('Invalid login. Please try again.', 'de')).toBe('Ungültige Anmeldedaten. Bitte versuchen Sie es erneut.');
  });

  it('leaves English as it is', () => {
    expect(translateMessage('Dashboard not found', 'en')).toBe('Dashboard not found');
  });

  it('fills a template with the parts of the finished message, in the translation’s order', () => {
    expect(translateMessage('Filter on owners with ct is not supported.', 'fr')).toBe(
      'Le filtre sur owners avec ct n’est pas pris en charge.',
    );
    expect(translateMessage('You are not allowed to create a TABLE in schema "main" of this database.', 'de')).toBe(
      'Sie dürfen im Schema „main“ dieser Datenbank kein Objekt vom Typ TABLE anlegen.',
    );
    expect(translateMessage('The map of "fr" cannot be read: bad JSON', 'fr')).toBe(
      'La carte «\u00a0fr\u00a0» ne peut pas être lue\u00a0: bad JSON',
    );
  });

  it('prefers the more specific template and translates a known part one level deep', () => {
    expect(translateMessage('The map tile server did not return a tile (timed out).', 'de')).toBe(
      'Der Kachelserver hat keine Kachel geliefert (Zeitüberschreitung).',
    );
    expect(
      translateMessage('Table [main.t] could not be found, please double check your database connection, schema, and table name', 'fr'),
    ).toBe('La table [main.t] est introuvable, veuillez vérifier la connexion à la base de données, le schéma et le nom de la table');
  });

  it('translates the parser’s message with the place it stopped', () => {
    const en =
      'The SQL could not be parsed (line 2, column 1, near "SELEKT"), so it cannot be confirmed to only read data. Please check the syntax.';
    expect(translateMessage(en, 'fr')).toBe(
      'Le SQL n’a pas pu être analysé syntaxiquement (ligne 2, colonne 1, près de «\u00a0SELEKT\u00a0»)\u00a0: impossible de confirmer qu’il se contente de lire des données. Veuillez vérifier la syntaxe.',
    );
    expect(translateMessage(en, 'de')).toContain('(Zeile 2, Spalte 1, bei „SELEKT“)');
  });

  it('passes an unknown message (a database’s own text) through unchanged', () => {
    const dbText = 'SQLITE_ERROR: no such table: orders';
    expect(translateMessage(dbText, 'fr')).toBe(dbText);
    expect(translateMessage('', 'de')).toBe('');
    expect(translateMessage('constructor', 'fr')).toBe('constructor');
    expect(translateMessage('__proto__', 'de')).toBe('__proto__');
  });

  it('does bounded work on a long or hostile message and never throws', () => {
    const long = `Filter on ${'x '.repeat(50_000)} with y is not supported.`;
    expect(translateMessage(long, 'fr')).toBe(long);
    const hostile = `The map of "${'"'.repeat(900)}" cannot be read: ${'x'.repeat(90)}`;
    const started = performance.now();
    expect(() => translateMessage(hostile, 'de')).not.toThrow();
    expect(performance.now() - started).toBeLessThan(500);
    expect(translateMessage(null as unknown as string, 'fr')).toBeNull();
  });
});

describe('translateErrorBody', () => {
  it('translates {message: string} and keeps the other fields', () => {
    expect(translateErrorBody({ message: 'Chart not found', extra: 1 }, 'fr')).toEqual({ message: 'Graphique introuvable', extra: 1 });
  });

  it('translates per-field messages and keeps the field names', () => {
    const body = { message: { table_name: ['Field cannot be empty.'], 'metrics.0.currency': ['whatever the database said'] } };
    expect(translateErrorBody(body, 'de')).toEqual({
      message: { table_name: ['Das Feld darf nicht leer sein.'], 'metrics.0.currency': ['whatever the database said'] },
    });
  });

  it('translates {errors: [{message}]} and keeps error_type, level and extra', () => {
    const body = {
      errors: [
        { message: 'The CSRF token is missing or invalid.', error_type: 'FRONTEND_CSRF_ERROR', level: 'error', extra: { a: 'Not found' } },
      ],
    };
    const out = translateErrorBody(body, 'fr');
    expect(out.errors[0]).toEqual({ ...body.errors[0], message: 'Le jeton CSRF est absent ou non valide.' });
    // the body given is not changed (a module-level body may be shared)
    expect(body.errors[0].message).toBe('The CSRF token is missing or invalid.');
  });

  it('leaves other bodies alone', () => {
    const list = { result: [], count: 0 };
    expect(translateErrorBody(list, 'fr')).toBe(list);
    expect(translateErrorBody('text', 'de')).toBe('text');
  });
});

describe('localize', () => {
  it('fills a catalogue text in the language, and English as it is', () => {
    expect(localize('Alert triggered: {0}', 'en', 'Sales {0} drop')).toBe('Alert triggered: Sales {0} drop');
    expect(localize('Alert triggered: {0}', 'fr', 'Ventes')).toBe('Alerte déclenchée\u00a0: Ventes');
    expect(localize('Explore in Rama', 'de')).toBe('In Rama erkunden');
    expect(localize('Not in the catalogue {0}', 'de', 1)).toBe('Not in the catalogue 1');
  });
});
