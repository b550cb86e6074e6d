import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ChartDataQueryResult, QueryFormData } from '@rama/shared';
import { TableChart } from './TableChart';
import { transformTableProps } from './transformProps';

const rows = Array.from({ length: 10_000 }, (_, i) => ({ name: i % 3 ? `name ${i}` : null, value: i - 100 }));
const main = { colnames: ['name', 'value'], coltypes: [1, 0], data: rows } as unknown as ChartDataQueryResult;
const totals = { colnames: ['value'], coltypes: [0], data: [{ value: 123 }] } as unknown as ChartDataQueryResult;
const fd: QueryFormData = { viz_type: 'table', datasource: '1__table', groupby: ['name'], metrics: ['value'], show_totals: true };

function render(formData: QueryFormData, height = 400) {
  const props = transformTableProps({ formData, queriesData: [main, totals], width: 600, height, datasource: null });
  return renderToString(createElement(TableChart, { ...props, width: 600, height }));
}

describe('table chart', () => {
  it('draws only the rows in view of a 10,000-row result, and counts them all', () => {
    const html = render(fd);
    const bodyRows = html.split('<tbody>')[1].split('</tbody>')[0].match(/<tr>/g) ?? [];
    expect(bodyRows.length).toBeGreaterThan(5);
    expect(bodyRows.length).toBeLessThan(60);
    expect(html).toContain('10,000 rows');
  });

  it('shows nulls as N/A and the totals row as Summary', () => {
    const html = render(fd);
    expect(html).toContain('<span class="rtc-null">N/A</span>');
    expect(html).toMatch(/<tfoot>.*Summary.*123.*<\/tfoot>/);
  });

  it('offers the search box and client pages when asked', () => {
    const html = render({ ...fd, include_search: true, page_length: 20 });
    expect(html).toContain('placeholder="Search 10,000 rows…"');
    expect(html).toContain('ant-pagination');
    expect(render(fd)).not.toContain('ant-pagination');
  });
});
