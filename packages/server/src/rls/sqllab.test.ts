import { describe, expect, it } from 'vitest';
import { rewriteStatement, RlsRewriteError } from './sqllab.js';

const spec = { quoteIdentifier: (s: string) => `"${s.replaceAll('"', '""')}"` };
const rules = [{ schema: 'main', table: 'penguins', clauses: ["species = 'Adelie'"] }];
const rewrite = (sql: string) => rewriteStatement(sql, 'PostgresQL', spec, rules);

describe('RLS_IN_SQLLAB rewrite', () => {
  it('leaves a statement that reads no protected table as it is', () => {
    expect(rewrite('SELECT * FROM cars')).toBe('SELECT * FROM cars');
  });

  it('filters the table wherever it is read: joins, sub-queries, CTEs and set operations', () => {
    const out = rewrite(
      'WITH a AS (SELECT * FROM main.penguins) SELECT p.species FROM Penguins p JOIN a ON a.x = p.x WHERE island IN (SELECT island FROM penguins) UNION SELECT species FROM a',
    );
    const filtered = out.match(/\(SELECT \* FROM ("main"\.)?"(penguins|Penguins)" WHERE \(species = 'Adelie'\)\)/g) ?? [];
    expect(filtered).toHaveLength(3);
    // every remaining mention of the table is inside a filter
    const rest = out.replace(/\(SELECT \* FROM ("main"\.)?"(penguins|Penguins)" WHERE \(species = 'Adelie'\)\)/g, '');
    expect(rest.replaceAll('AS "penguins"', '')).not.toMatch(/penguins/i);
    expect(out).toContain('AS "p"');
  });

  it('keeps the table name as the alias so qualified columns still resolve', () => {
    expect(rewrite('SELECT penguins.species FROM penguins')).toMatch(
      /FROM \(SELECT \* FROM "penguins" WHERE \(species = 'Adelie'\)\) AS "penguins"/,
    );
  });

  it('does not filter a same-named table of another schema when the schema is written', () => {
    expect(rewrite('SELECT * FROM other.penguins')).not.toContain('Adelie');
  });

  it('refuses what it cannot read or filter rather than run it unfiltered', () => {
    expect(() => rewrite('SELECT * FROM penguins WHERE (species')).toThrow(RlsRewriteError);
    expect(() => rewrite('DELETE FROM penguins')).toThrow(RlsRewriteError);
  });
});
