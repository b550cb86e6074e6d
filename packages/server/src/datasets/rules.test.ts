import { describe, expect, it } from 'vitest';
import { currencyText, duplicateNames, mainDttmProblem, parseCurrency, refreshPlan, type StoredColumn } from './rules.js';

const stored = (id: number, column_name: string, over: Partial<StoredColumn> = {}): StoredColumn => ({
  id,
  column_name,
  type_generic: 1,
  is_dttm: false,
  expression: null,
  ...over,
});
const source = (column_name: string, type: string, type_generic: number, is_dttm = type_generic === 2) => ({
  column_name,
  type,
  type_generic,
  is_dttm,
});

describe('refresh rule: the source decides the physical columns, user edits stay', () => {
  it('updates the type of a kept column, adds new source columns and drops vanished ones', () => {
    const plan = refreshPlan([stored(1, 'a'), stored(2, 'gone')], [source('a', 'BIGINT', 0), source('b', 'DATE', 2)]);
    expect(plan.updates).toEqual([{ id: 1, type: 'BIGINT', type_generic: 0, is_dttm: false }]);
    expect(plan.inserts.map((c) => c.column_name)).toEqual(['b']);
    expect(plan.deletes).toEqual([2]);
  });

  it('keeps calculated columns, even when the source grows a column of the same name', () => {
    const calc = stored(3, 'total', { expression: 'price * qty' });
    const plan = refreshPlan([calc], [source('total', 'DOUBLE', 0)]);
    expect(plan).toEqual({ updates: [], inserts: [], deletes: [] });
  });

  it('treats a blank expression as a physical column', () => {
    const plan = refreshPlan([stored(4, 'x', { expression: '  ' })], []);
    expect(plan.deletes).toEqual([4]);
  });

  it('keeps a temporal mark the user set on a text column; a temporal type follows the source', () => {
    const userMarked = stored(5, 'day_text', { is_dttm: true, type_generic: 1 });
    const wasTemporal = stored(6, 'ts', { is_dttm: true, type_generic: 2 });
    const plan = refreshPlan([userMarked, wasTemporal], [source('day_text', 'VARCHAR', 1), source('ts', 'VARCHAR', 1)]);
    expect(plan.updates).toEqual([
      { id: 5, type: 'VARCHAR', type_generic: 1, is_dttm: true },
      { id: 6, type: 'VARCHAR', type_generic: 1, is_dttm: false },
    ]);
  });
});

describe('update list rules', () => {
  it('reports each repeated name once', () => {
    expect(duplicateNames(['a', 'b', 'a', 'a', 'c', 'b'])).toEqual(['a', 'b']);
    expect(duplicateNames(['a', 'b'])).toEqual([]);
  });

  it('the default datetime column must be a temporal column of the dataset', () => {
    const cols = [
      { column_name: 'ds', is_dttm: true },
      { column_name: 'name', is_dttm: false },
    ];
    expect(mainDttmProblem(null, cols)).toBeNull();
    expect(mainDttmProblem('ds', cols)).toBeNull();
    expect(mainDttmProblem('name', cols)).toMatch(/not temporal/);
    expect(mainDttmProblem('nope', cols)).toMatch(/does not exist/);
  });
});

describe('metric currency', () => {
  it('is stored as JSON text from an object or from its text; blank is none', () => {
    expect(currencyText({ symbol: 'EUR', symbolPosition: 'suffix' })).toBe('{"symbol":"EUR","symbolPosition":"suffix"}');
    expect(currencyText('{"symbolPosition":"prefix","symbol":"USD","x":1}')).toBe('{"symbol":"USD","symbolPosition":"prefix"}');
    expect(currencyText('')).toBeNull();
    expect(currencyText(null)).toBeNull();
    expect(() => currencyText('USD')).toThrow(/JSON object/);
    expect(() => currencyText('{"symbol":"USD","symbolPosition":"left"}')).toThrow(/prefix or suffix/);
  });

  it('reads back as an object, and unreadable text as none', () => {
    expect(parseCurrency('{"symbol":"USD","symbolPosition":"prefix"}')).toEqual({ symbol: 'USD', symbolPosition: 'prefix' });
    expect(parseCurrency('garbage')).toBeNull();
    expect(parseCurrency(null)).toBeNull();
  });
});
