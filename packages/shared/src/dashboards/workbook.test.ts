import { describe, expect, it } from 'vitest';
import {
  contentDisposition,
  dashboardWorkbookUrl,
  excelDateFormat,
  excelNumberFormat,
  sheetLink,
  sheetLinkFormula,
  sheetNameFromTitle,
  workbookFileName,
  workbookSheetNames,
} from './workbook.js';
import { appliedFilters, workbookCharts } from './workbookContent.js';
import type { DashboardLayout } from './types.js';
import type { NativeFilter } from '../filters/types.js';

describe('sheet names (Excel: at most 31 characters, none of []:*?/\\, unique without case, never blank)', () => {
  it('replaces the characters Excel forbids and trims what is left', () => {
    expect(sheetNameFromTitle('Sales: EMEA/APAC [2024]?')).toBe('Sales EMEA APAC 2024');
    expect(sheetNameFromTitle("  'Quoted'  ")).toBe('Quoted');
    expect(sheetNameFromTitle('a\u0000b\tc')).toBe('ab c');
  });

  it('cuts a long title to 31 characters, never inside a surrogate pair', () => {
    const name = sheetNameFromTitle('Average departure delay by origin airport and month');
    expect(name).toBe('Average departure delay by orig');
    expect(name.length).toBeLessThanOrEqual(31);
    expect([...sheetNameFromTitle('📈'.repeat(40))].length).toBe(31);
  });

  it('never gives an empty name', () => {
    expect(sheetNameFromTitle('')).toBe('Chart');
    expect(sheetNameFromTitle(null)).toBe('Chart');
    expect(sheetNameFromTitle('///***')).toBe('Chart');
  });

  it('numbers repeats (case-insensitively) within 31 characters and keeps the first sheet and History free', () => {
    const long = 'x'.repeat(40);
    expect(workbookSheetNames(['Sales', 'sales', 'Sales', long, long, 'Dashboard', 'History', ''])).toEqual([
      'Sales',
      'sales (2)',
      'Sales (3)',
      'x'.repeat(31),
      `${'x'.repeat(27)} (2)`,
      'Dashboard (2)',
      'History (2)',
      'Chart',
    ]);
    for (const n of workbookSheetNames([long, long, long])) expect(n.length).toBeLessThanOrEqual(31);
  });

  it('links to a sheet with its name quoted, as a HYPERLINK formula', () => {
    expect(sheetLink("Bob's sales")).toBe("#'Bob''s sales'!A1");
    expect(sheetLinkFormula('Say "hi"')).toBe(`HYPERLINK("#'Say ""hi""'!A1","Say ""hi""")`);
  });
});

describe('number formats: a chart’s d3 format as Excel’s native one', () => {
  it('maps fixed decimals, grouping and integers', () => {
    expect(excelNumberFormat(',.2f')).toBe('#,##0.00');
    expect(excelNumberFormat('.1f')).toBe('0.0');
    expect(excelNumberFormat(',d')).toBe('#,##0');
    expect(excelNumberFormat('d')).toBe('0');
    expect(excelNumberFormat(',.0f')).toBe('#,##0');
  });

  it('maps percentages, exponents, signs and the dollar', () => {
    expect(excelNumberFormat('.1%')).toBe('0.0%');
    expect(excelNumberFormat(',.2%')).toBe('#,##0.00%');
    expect(excelNumberFormat('.3e')).toBe('0.000E+00');
    expect(excelNumberFormat('$,.2f')).toBe('"$"#,##0.00');
    expect(excelNumberFormat('+,.1f')).toBe('+#,##0.0;-#,##0.0;#,##0.0');
  });

  it('puts a currency’s symbol where the chart does, dropping the format’s own $ or %', () => {
    expect(excelNumberFormat(',.2f', { symbol: 'EUR', symbolPosition: 'suffix' })).toBe('#,##0.00 "€"');
    expect(excelNumberFormat('$,.0f', { symbol: 'USD', symbolPosition: 'prefix' })).toBe('"$" #,##0');
    expect(excelNumberFormat('SMART_NUMBER', { symbol: 'GBP', symbolPosition: 'prefix' })).toBe('"£" #,##0.00');
  });

  it('has no mapping for adaptive, SI, significant-digit and duration formats (Excel’s General)', () => {
    for (const f of ['SMART_NUMBER', '.3s', '.4r', '~g', 'DURATION', '', null, undefined]) expect(excelNumberFormat(f)).toBeNull();
  });
});

describe('date formats: a chart’s d3 time format as Excel’s', () => {
  it('maps the usual directives', () => {
    expect(excelDateFormat('%Y-%m-%d')).toBe('yyyy-mm-dd');
    expect(excelDateFormat('%d/%m/%Y %H:%M:%S')).toBe('dd/mm/yyyy hh:mm:ss');
    expect(excelDateFormat('%b %Y')).toBe('mmm yyyy');
    expect(excelDateFormat('%A, %B %-d')).toBe('dddd, mmmm d');
    expect(excelDateFormat('%I:%M %p')).toBe('hh:mm AM/PM');
  });

  it('quotes literal text and has no mapping for what Excel cannot show', () => {
    expect(excelDateFormat('Week of %Y-%m-%d')).toBe('"Week of "yyyy-mm-dd');
    for (const f of ['smart_date', '%j', '%U', '%Q', '%I:%M', '', null]) expect(excelDateFormat(f)).toBeNull();
  });
});

describe('the download', () => {
  it('names the file after the dashboard, without what a file system refuses', () => {
    expect(workbookFileName('Sales: Q1/Q2 "final"')).toBe('Sales Q1 Q2 final.xlsx');
    expect(workbookFileName('  ')).toBe('dashboard.xlsx');
    expect(workbookFileName('..')).toBe('dashboard.xlsx');
  });

  it('sends an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('Ventes été.xlsx')).toBe(
      `attachment; filename="Ventes _t_.xlsx"; filename*=UTF-8''Ventes%20%C3%A9t%C3%A9.xlsx`,
    );
    expect(contentDisposition('a"b\\c.xlsx')).toBe(`attachment; filename="a_b_c.xlsx"; filename*=UTF-8''a%22b%5Cc.xlsx`);
  });

  it('addresses the dashboard by id or slug', () => {
    expect(dashboardWorkbookUrl(7)).toBe('/api/v1/dashboard/7/workbook/');
    expect(dashboardWorkbookUrl('my board', '(activeTabs:!(T))')).toBe('/api/v1/dashboard/my%20board/workbook/?q=(activeTabs%3A!(T))');
  });
});

const item = (id: string, type: string, children: string[] = [], meta: Record<string, unknown> = {}) => ({ id, type, children, meta });
const layout = {
  ROOT_ID: item('ROOT_ID', 'ROOT', ['TABS-1']),
  'TABS-1': item('TABS-1', 'TABS', ['TAB-A', 'TAB-B']),
  'TAB-A': item('TAB-A', 'TAB', ['ROW-1']),
  'TAB-B': item('TAB-B', 'TAB', ['CHART-3']),
  'ROW-1': item('ROW-1', 'ROW', ['CHART-1', 'CHART-2', 'CHART-1b']),
  'CHART-1': item('CHART-1', 'CHART', [], { chartId: 1, sliceName: 'One' }),
  'CHART-2': item('CHART-2', 'CHART', [], { chartId: 2, sliceName: 'Two', sliceNameOverride: 'Second' }),
  'CHART-1b': item('CHART-1b', 'CHART', [], { chartId: 1, sliceName: 'One' }),
  'CHART-3': item('CHART-3', 'CHART', [], { chartId: 3, sliceName: 'Three' }),
} as unknown as DashboardLayout;

describe('what the workbook holds', () => {
  it('the charts of the tabs that show, in layout order, each once; the first tabs by default', () => {
    expect(workbookCharts(layout).map((c) => c.chartId)).toEqual([1, 2]);
    expect(workbookCharts(layout, ['TAB-B']).map((c) => c.chartId)).toEqual([3]);
    expect(workbookCharts(layout)[1]).toMatchObject({ titleOverride: 'Second', layoutName: 'Two' });
  });

  it('the filters that hold a value, then the cross-filters by the chart that set them', () => {
    const f = { id: 'NATIVE_FILTER-a', type: 'NATIVE_FILTER', name: 'Origin', filterType: 'filter_select' } as NativeFilter;
    const unset = { ...f, id: 'NATIVE_FILTER-b', name: 'Destination' } as NativeFilter;
    const applied = appliedFilters(
      [f, unset],
      {
        'NATIVE_FILTER-a': { id: 'NATIVE_FILTER-a', extraFormData: { filters: [] }, filterState: { value: ['SEA', 'LAX'] }, ownState: {} },
        'NATIVE_FILTER-b': { id: 'NATIVE_FILTER-b', extraFormData: {}, filterState: {}, ownState: {} },
        '2': {
          id: '2',
          extraFormData: { filters: [{ col: 'x', op: 'IN', val: [1] }] },
          filterState: { value: [1], label: '1' },
          ownState: {},
        },
      },
      (id) => `Chart ${id}`,
    );
    expect(applied).toEqual([
      { name: 'Origin', value: 'SEA, LAX' },
      { name: 'Chart 2 (cross-filter)', value: '1' },
    ]);
  });
});
