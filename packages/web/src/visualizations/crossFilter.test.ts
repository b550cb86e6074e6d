import { describe, expect, it } from 'vitest';
import type { ExploreDatasource } from '@rama/shared';
import {
  concernsColumns,
  crossFilterLabel,
  crossFilterOf,
  dimensionColumn,
  isSelected,
  pointFilters,
  sameCrossFilter,
  seriesGroupValues,
  seriesNameLevels,
  toggleCrossFilter,
  toggleCrossFilterValue,
  valueFromLabel,
} from './crossFilter';

const sea = { col: 'origin', val: 'SEA', formattedVal: 'SEA' };
const aa = { col: 'carrier', val: 'AA', formattedVal: 'American' };

describe('cross-filter values of a clicked element', () => {
  it('one value per dimension column, labelled as the chart shows them', () => {
    expect(crossFilterOf([sea, aa])).toEqual({ origin: ['SEA'], carrier: ['AA'] });
    expect(crossFilterOf([])).toBeNull();
    expect(crossFilterLabel([sea, aa])).toBe('SEA, American');
  });

  it('a right click drills with `col == val` per dimension', () => {
    expect(pointFilters([sea])).toEqual([{ col: 'origin', op: '==', val: 'SEA', formattedVal: 'SEA' }]);
  });

  it('only physical columns filter: an adhoc column has no name to filter by', () => {
    expect(dimensionColumn('origin')).toBe('origin');
    expect(dimensionColumn({ sqlExpression: 'upper(origin)', label: 'O' })).toBeNull();
    expect(dimensionColumn('')).toBeNull();
  });
});

describe('the toggle rule', () => {
  it('clicking the only selected value clears the cross-filter', () => {
    expect(toggleCrossFilter({ origin: ['SEA'] }, { origin: ['SEA'] })).toBeNull();
  });

  it('any other click replaces the selection', () => {
    expect(toggleCrossFilter({ origin: ['SEA'] }, { origin: ['SFO'] })).toEqual({ origin: ['SFO'] });
    expect(toggleCrossFilter(null, { origin: ['SEA'] })).toEqual({ origin: ['SEA'] });
    // SEA among several selected values (a table's selection): the click narrows to SEA
    expect(toggleCrossFilter({ origin: ['SEA', 'SFO'] }, { origin: ['SEA'] })).toEqual({ origin: ['SEA'] });
  });

  it('compares values loosely (a number read back from a URL as text is the same value)', () => {
    expect(sameCrossFilter({ year: [2023] }, { year: ['2023'] })).toBe(true);
    expect(sameCrossFilter({ year: [null] }, { year: ['null'] })).toBe(false);
    expect(sameCrossFilter({ a: [1], b: [] }, { a: [1] })).toBe(true);
  });

  it('a table adds and removes values per column; nothing left clears the filter', () => {
    let f = toggleCrossFilterValue(null, 'origin', 'SEA');
    expect(f).toEqual({ origin: ['SEA'] });
    f = toggleCrossFilterValue(f, 'origin', 'SFO');
    expect(f).toEqual({ origin: ['SEA', 'SFO'] });
    f = toggleCrossFilterValue(f, 'carrier', 'AA');
    expect(f).toEqual({ origin: ['SEA', 'SFO'], carrier: ['AA'] });
    f = toggleCrossFilterValue(f, 'origin', 'SEA');
    expect(f).toEqual({ origin: ['SFO'], carrier: ['AA'] });
    f = toggleCrossFilterValue(toggleCrossFilterValue(f, 'origin', 'SFO'), 'carrier', 'AA');
    expect(f).toBeNull();
  });
});

describe('what is selected', () => {
  it('an element is selected when each of its columns the filter names holds its value', () => {
    const filter = { origin: ['SEA', 'SFO'] };
    expect(isSelected(filter, [sea])).toBe(true);
    expect(isSelected(filter, [{ col: 'origin', val: 'LAX' }])).toBe(false);
    expect(isSelected(filter, [sea, aa])).toBe(true);
  });

  it('says nothing (null) when the filter names none of its columns, or there is none', () => {
    expect(isSelected({ dest: ['JFK'] }, [sea])).toBeNull();
    expect(isSelected(null, [sea])).toBeNull();
    expect(concernsColumns({ dest: ['JFK'] }, ['origin', null])).toBe(false);
    expect(concernsColumns({ origin: ['SEA'] }, ['origin'])).toBe(true);
  });
});

describe('the values behind a pivoted series name', () => {
  const datasource = {
    columns: [
      { column_name: 'origin', type_generic: 1, is_dttm: false },
      { column_name: 'year', type_generic: 0, is_dttm: false },
      { column_name: 'delayed', type_generic: 3, is_dttm: false },
      { column_name: 'day', type_generic: 2, is_dttm: true },
    ],
  } as unknown as ExploreDatasource;

  it('splits on the flat separator, keeping an escaped comma inside a level', () => {
    expect(seriesNameLevels('AVG(delay), SEA, AA')).toEqual(['AVG(delay)', 'SEA', 'AA']);
    expect(seriesNameLevels('count, Portland\\, OR')).toEqual(['count', 'Portland, OR']);
    expect(seriesNameLevels('SEA')).toEqual(['SEA']);
  });

  it('takes the last levels (the metric level first, or dropped) and types them by column', () => {
    expect(seriesGroupValues('AVG(delay), SEA, 2023', ['origin', 'year'], datasource)).toEqual([
      { label: 'SEA', value: 'SEA' },
      { label: '2023', value: 2023 },
    ]);
    expect(seriesGroupValues('SEA', ['origin'], datasource)).toEqual([{ label: 'SEA', value: 'SEA' }]);
    expect(seriesGroupValues('SEA', ['origin', 'year'], datasource)).toBeNull();
    expect(seriesGroupValues('count', [], datasource)).toEqual([]);
  });

  it('prefers the reply label_map when it lists the levels', () => {
    expect(seriesGroupValues('x', ['origin'], datasource, { x: ['count', 'SEA, WA'] })).toEqual([{ label: 'SEA, WA', value: 'SEA, WA' }]);
  });

  it('reads the server spelling back: <NULL>, numbers, True/False, timestamps', () => {
    expect(valueFromLabel('<NULL>', 1)).toBeNull();
    expect(valueFromLabel('2.5', 0)).toBe(2.5);
    expect(valueFromLabel('True', 3)).toBe(true);
    expect(valueFromLabel('False', 3)).toBe(false);
    expect(valueFromLabel('2023-01-02 00:00:00', 2)).toBe(Date.UTC(2023, 0, 2));
    expect(valueFromLabel('2023-01-02 03:04:05.123000', 2)).toBe(Date.UTC(2023, 0, 2, 3, 4, 5, 123));
    expect(valueFromLabel('N/A', 0)).toBe('N/A');
    expect(valueFromLabel('SEA', null)).toBe('SEA');
  });
});
