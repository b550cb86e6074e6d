import { describe, expect, it } from 'vitest';
import { NEW_COMPONENTS_SOURCE_ID } from '@rama/shared';
import { chartDragItem, chartPaneQuery, NEW_ELEMENTS } from './builderModel';

describe('saved charts list (spec section 7 "GET /api/v1/chart/?q=")', () => {
  it('searches slice_name with chart_all_text, asks 200 charts ordered by changed_on descending', () => {
    const q = chartPaneQuery({ search: '  delays ', sort: 'changed_on', onlyMine: false, userId: 4 });
    expect(q.filters).toEqual([{ col: 'slice_name', opr: 'chart_all_text', value: 'delays' }]);
    expect(q).toMatchObject({ order_column: 'changed_on', order_direction: 'desc', page: 0, page_size: 200 });
    expect(q.columns).toContain('datasource_name_text');
  });

  it('filters on owners with rel_m_m and orders other columns ascending', () => {
    const q = chartPaneQuery({ search: '', sort: 'slice_name', onlyMine: true, userId: 4 });
    expect(q.filters).toEqual([{ col: 'owners', opr: 'rel_m_m', value: 4 }]);
    expect(q).toMatchObject({ order_column: 'slice_name', order_direction: 'asc' });
  });
});

describe('palette items (spec section 4: create when the source is the new-component source)', () => {
  it('a saved chart carries its id, name and uuid and comes from the new-component source', () => {
    const item = chartDragItem({ id: 12, slice_name: 'Delays', uuid: 'u-12' });
    expect(item.parentId).toBe(NEW_COMPONENTS_SOURCE_ID);
    expect(item.type).toBe('CHART');
    expect(item.meta).toMatchObject({ chartId: 12, sliceName: 'Delays', uuid: 'u-12', width: 4, height: 50 });
    expect(item.title).toBe('Delays');
  });

  it('offers tabs, row, column, header, markdown and divider', () => {
    expect(NEW_ELEMENTS.map((e) => e.type)).toEqual(['TABS', 'ROW', 'COLUMN', 'HEADER', 'MARKDOWN', 'DIVIDER']);
  });
});
