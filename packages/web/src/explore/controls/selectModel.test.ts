import { describe, expect, it } from 'vitest';
import { ROW_LIMIT_OPTIONS, sharedControls, type ChoiceList, type ControlContext } from '@rama/shared';
import { optionKey, parseFreeForm, resolveChoices, sanitizeSelectValue, selectOptions, valueOfKey } from './selectModel';

const ctx = (sqlMaxRow: number): ControlContext => ({
  formData: { viz_type: 'table', datasource: '3__table' },
  datasource: null,
  sqlMaxRow,
});
const grains: ChoiceList = [
  ['P1D', 'Day'],
  ['P1M', 'Month'],
];

describe('select control', () => {
  it('offers the row limits of section 9 up to SQL_MAX_ROW', () => {
    expect(resolveChoices(sharedControls.row_limit, ctx(100000)).map(([v]) => v)).toEqual([...ROW_LIMIT_OPTIONS]);
    expect(resolveChoices(sharedControls.row_limit, ctx(1000)).map(([v]) => v)).toEqual([10, 50, 100, 250, 500, 1000]);
  });

  it('drops a value that is not among the choices when free-form entry is off (spec section 5)', () => {
    expect(sanitizeSelectValue('PT1H', grains, {})).toBeNull();
    expect(sanitizeSelectValue('P1M', grains, {})).toBe('P1M');
    expect(sanitizeSelectValue(['P1D', 'PT1H'], grains, { multi: true })).toEqual(['P1D']);
    expect(sanitizeSelectValue('%Y', grains, { freeForm: true })).toBe('%Y');
  });

  it('reads typed row limits as numbers and typed formats as text', () => {
    const rows = resolveChoices(sharedControls.row_limit, ctx(100000));
    expect(parseFreeForm('2000', rows)).toBe(2000);
    expect(parseFreeForm(',.4f', resolveChoices(sharedControls.y_axis_format, ctx(1)))).toBe(',.4f');
  });

  it('maps values of any type (null, numbers) to option keys and back', () => {
    const choices: ChoiceList = [
      [null, 'None'],
      ['row', 'Row'],
      [10, 'Ten'],
    ];
    for (const [v] of choices) expect(valueOfKey(optionKey(v), choices)).toBe(v);
    expect(valueOfKey('1 year ago', choices)).toBe('1 year ago');
  });

  it('keeps a free-form value already chosen visible among the options', () => {
    const opts = selectOptions(grains, ',.4f', true);
    expect(opts[0]).toEqual({ value: optionKey(',.4f'), label: ',.4f' });
    expect(selectOptions(grains, ',.4f', false)).toHaveLength(2);
  });
});
