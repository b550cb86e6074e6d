import { describe, expect, it } from 'vitest';
import { columnKeyMarkers, mergeTable, newTableSchema, removeTables, RESULTS_PANE, type TableSchema } from './tables.js';

const t = (over: Partial<TableSchema> = {}): TableSchema => ({
  ...newTableSchema('t1', { dbId: 1, queryEditorId: 'e1', catalog: null, schema: 'main', name: 'flights' }),
  ...over,
});

describe('tables (§4 "Tables")', () => {
  it('merging matches by database, editor, catalog, schema and name', () => {
    const s = mergeTable({ tables: [t()], activeSouthPaneTab: RESULTS_PANE }, t({ id: 'other', initialized: true, expanded: false }));
    expect(s.tables).toHaveLength(1);
    expect(s.tables[0]).toMatchObject({ id: 't1', initialized: true });
    const other = mergeTable(s, t({ id: 't2', schema: 'other' }));
    expect(other.tables).toHaveLength(2);
  });

  it('a new table becomes the active south-pane tab', () => {
    expect(mergeTable({ tables: [], activeSouthPaneTab: RESULTS_PANE }, t()).activeSouthPaneTab).toBe('t1');
  });

  it('an expanded merge activates the table; a collapsed one leaves the pane alone', () => {
    const base = { tables: [t()], activeSouthPaneTab: RESULTS_PANE };
    expect(mergeTable(base, t({ id: 'x', expanded: true }), 'q9')).toMatchObject({ activeSouthPaneTab: 't1' });
    expect(mergeTable(base, t({ id: 'x', expanded: true }), 'q9').tables[0].dataPreviewQueryId).toBe('q9');
    expect(mergeTable(base, t({ id: 'x', expanded: false })).activeSouthPaneTab).toBe(RESULTS_PANE);
  });

  it("removing the active table moves the pane to another table of that editor, or to 'Results'", () => {
    const tables = [t(), t({ id: 't2', name: 'airports' }), t({ id: 't3', name: 'x', queryEditorId: 'e2' })];
    expect(removeTables({ tables, activeSouthPaneTab: 't1' }, ['t1']).activeSouthPaneTab).toBe('t2');
    expect(removeTables({ tables, activeSouthPaneTab: 't1' }, ['t1', 't2']).activeSouthPaneTab).toBe(RESULTS_PANE);
    expect(removeTables({ tables, activeSouthPaneTab: 't3' }, ['t1']).activeSouthPaneTab).toBe('t3');
  });

  it('marks primary key, foreign key and index columns', () => {
    const table = t({
      primaryKey: { constrained_columns: ['id'], name: 'pk' },
      foreignKeys: [
        { name: null, constrained_columns: ['carrier'], referred_schema: null, referred_table: 'carriers', referred_columns: ['code'] },
      ],
      indexes: [{ name: 'ix', column_names: ['carrier', 'date'], unique: false }],
    });
    expect(columnKeyMarkers(table, 'id')).toEqual(['pk']);
    expect(columnKeyMarkers(table, 'carrier')).toEqual(['fk', 'index']);
    expect(columnKeyMarkers(table, 'delay')).toEqual([]);
  });
});
