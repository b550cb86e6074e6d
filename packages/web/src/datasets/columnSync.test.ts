import { describe, expect, it } from 'vitest';
import { describeColumnChanges, syncColumns } from './columnSync';
import { draftOf } from './datasetDraft';
import { draftReducer } from './draftReducer';
import { columnDetail, datasetDetail } from './detailFixture';

describe('sync columns from source', () => {
  const before = draftOf(datasetDetail());
  const edited = [
    { type: 'columnChanged', key: 'c11', fields: { verbose_name: 'Species', description: 'kind of penguin' } },
    { type: 'calculatedColumnAdded', key: 'n1' },
    { type: 'columnChanged', key: 'n1', fields: { column_name: 'light', expression: 'body_mass_g < 3500' } },
  ] as const;
  const draft = edited.reduce(draftReducer, before).columns;

  it('takes the columns of the source and keeps the unsaved edits of those still there', () => {
    const fresh = [
      columnDetail(11, 'species'),
      columnDetail(12, 'body_mass_g', { type: 'DOUBLE' }),
      columnDetail(15, 'island'),
      columnDetail(14, 'heavy', { expression: 'body_mass_g > 4000' }),
    ];
    const { columns, changes } = syncColumns(draft, fresh);
    expect(columns.map((c) => c.column_name)).toEqual(['species', 'body_mass_g', 'island', 'light', 'heavy']);
    expect(columns.find((c) => c.column_name === 'species')).toMatchObject({ verbose_name: 'Species', description: 'kind of penguin' });
    expect(columns.find((c) => c.column_name === 'body_mass_g')?.type).toBe('DOUBLE');
    expect(changes).toEqual({ added: ['island'], removed: ['observed_at'], modified: ['body_mass_g'] });
  });

  it('keeps the calculated columns of the draft, including one deleted before the sync staying deleted', () => {
    const withoutHeavy = draftReducer({ ...before, columns: draft }, { type: 'columnRemoved', key: 'c14' }).columns;
    const { columns } = syncColumns(withoutHeavy, [
      columnDetail(11, 'species'),
      columnDetail(14, 'heavy', { expression: 'body_mass_g > 4000' }),
    ]);
    expect(columns.map((c) => c.column_name)).toEqual(['species', 'light']);
  });

  it('matches a column recreated under a new id by its name', () => {
    const { columns, changes } = syncColumns(draft, [columnDetail(99, 'species')]);
    expect(columns[0]).toMatchObject({ id: 99, verbose_name: 'Species' });
    expect(changes.added).toEqual([]);
  });

  it('reports the changes as the peer words them, and nothing when nothing changed', () => {
    expect(describeColumnChanges({ added: ['island'], removed: ['observed_at'], modified: ['body_mass_g', 'sex'] })).toEqual([
      'Modified columns: body_mass_g, sex',
      'Removed columns: observed_at',
      'New columns added: island',
    ]);
    expect(describeColumnChanges({ added: [], removed: [], modified: [] })).toEqual([]);
  });
});
