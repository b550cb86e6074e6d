import { describe, expect, it } from 'vitest';
import { conversionSummary, freeDatabaseName, importSummary, type ConvertedAsset, type ImportResult } from './importResult.js';

describe('freeDatabaseName: a bundle database never takes a name held here by another uuid', () => {
  it('keeps a free name', () => {
    expect(freeDatabaseName('examples', new Set(['other']))).toBe('examples');
  });
  it('takes the first free "(n)"', () => {
    expect(freeDatabaseName('examples', new Set(['examples']))).toBe('examples (2)');
    expect(freeDatabaseName('examples', new Set(['examples', 'examples (2)', 'examples (4)']))).toBe('examples (3)');
  });
  it('stays within the name length', () => {
    const long = 'x'.repeat(250);
    const name = freeDatabaseName(long, new Set([long]));
    expect(name).toHaveLength(250);
    expect(name.endsWith(' (2)')).toBe(true);
  });
});

describe('importSummary: what an import did, in one line', () => {
  const asset = (type: 'chart' | 'database', id: number) => ({ type, id, uuid: `u${id}`, name: `n${id}` });
  it('counts created and updated assets and names each renamed database', () => {
    const result: ImportResult = {
      created: [asset('database', 1), asset('chart', 2), asset('chart', 3)],
      updated: [asset('chart', 4)],
      renamed: [{ type: 'database', uuid: 'u1', id: 1, from: 'examples', to: 'examples (2)' }],
    };
    expect(importSummary(result)).toBe('Created 3, updated 1; database "examples" imported as "examples (2)".');
  });
  it('says when only updates happened, or nothing', () => {
    expect(importSummary({ created: [], updated: [asset('chart', 1)], renamed: [] })).toBe('Updated 1.');
    expect(importSummary({ created: [], updated: [], renamed: [] })).toBe('Nothing changed.');
    expect(importSummary(undefined)).toBe('');
  });
});

describe('conversionSummary / importSummary: the legacy charts an import converted are named by what they became', () => {
  const conv = (kind: ConvertedAsset['kind'], n: number): ConvertedAsset => ({
    type: 'chart',
    kind,
    uuid: `u${kind}${n}`,
    name: `c${n}`,
    from: 'x',
    to: 'y',
  });
  it('counts each kind', () => {
    expect(conversionSummary([conv('chart_type', 1), conv('chart_type', 2), conv('native_filter', 3), conv('markdown', 4)])).toBe(
      '2 legacy charts migrated to current types, 1 filter box became native filters, 1 markup chart became Markdown',
    );
    expect(conversionSummary([])).toBe('');
  });
  it('follows the counts in the one-line summary', () => {
    const result: ImportResult = {
      created: [{ type: 'chart', uuid: 'a', id: 1, name: 'A' }],
      updated: [],
      renamed: [],
      converted: [conv('chart_type', 1), conv('native_filter', 2), conv('native_filter', 3)],
    };
    expect(importSummary(result)).toBe('Created 1; 1 legacy chart migrated to current types, 2 filter boxes became native filters.');
  });
});
