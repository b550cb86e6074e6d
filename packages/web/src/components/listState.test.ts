import { describe, expect, it } from 'vitest';
import { applyTableChange, pageAfterRemoval, sortOrderFor, toListQuery, type ListState } from './listState';

const DEFAULTS = { orderColumn: 'changed_on', orderDirection: 'desc' } as const;
const STATE: ListState = { page: 2, pageSize: 25, ...DEFAULTS };

describe('server-side list state', () => {
  it('builds the rison q with only the filters that are set', () => {
    expect(toListQuery(STATE, [null, false, undefined])).toEqual({
      order_column: 'changed_on',
      order_direction: 'desc',
      page: 2,
      page_size: 25,
    });
    expect(toListQuery(STATE, [{ col: 'database', opr: 'rel_o_m', value: 1 }, null]).filters).toEqual([
      { col: 'database', opr: 'rel_o_m', value: 1 },
    ]);
  });

  it('moves between pages and keeps the order', () => {
    expect(applyTableChange(STATE, { current: 4, pageSize: 25, columnKey: 'changed_on', order: 'descend' }, DEFAULTS)).toEqual({
      ...STATE,
      page: 3,
    });
  });

  it('a new sort starts again on the first page', () => {
    expect(applyTableChange(STATE, { current: 3, pageSize: 25, columnKey: 'label', order: 'ascend' }, DEFAULTS)).toEqual({
      page: 0,
      pageSize: 25,
      orderColumn: 'label',
      orderDirection: 'asc',
    });
  });

  it('clearing the sort goes back to the default order', () => {
    const sorted: ListState = { ...STATE, orderColumn: 'label', orderDirection: 'asc' };
    expect(applyTableChange(sorted, { current: 3, pageSize: 25, columnKey: 'label', order: null }, DEFAULTS)).toMatchObject({
      orderColumn: 'changed_on',
      orderDirection: 'desc',
      page: 0,
    });
  });

  it('clearing the sort goes back to an ascending default too', () => {
    const byName = { orderColumn: 'username', orderDirection: 'asc' } as const;
    const sorted: ListState = { page: 0, pageSize: 25, orderColumn: 'email', orderDirection: 'desc' };
    expect(applyTableChange(sorted, { current: 1, pageSize: 25, columnKey: 'email', order: null }, byName)).toEqual({
      page: 0,
      pageSize: 25,
      ...byName,
    });
  });

  it('a new page size starts again on the first page', () => {
    expect(applyTableChange(STATE, { current: 3, pageSize: 50, columnKey: 'changed_on', order: 'descend' }, DEFAULTS).page).toBe(0);
  });

  it('tells the table which column is sorted', () => {
    expect(sortOrderFor(STATE, 'changed_on')).toBe('descend');
    expect(sortOrderFor(STATE, 'label')).toBeNull();
  });

  it('after a delete, stays on the page unless it became empty', () => {
    const onPage3 = { ...STATE, page: 2, pageSize: 10 };
    expect(pageAfterRemoval(onPage3, 30, 1)).toBe(2);
    expect(pageAfterRemoval(onPage3, 21, 1)).toBe(1);
    expect(pageAfterRemoval(onPage3, 25, 25)).toBe(0);
  });
});
