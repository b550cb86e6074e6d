import { describe, expect, it } from 'vitest';
import { draftOf, type DatasetDraft } from './datasetDraft';
import { draftReducer } from './draftReducer';
import { columnDetail, datasetDetail } from './detailFixture';

const draft = (): DatasetDraft => draftOf(datasetDetail());
const column = (d: DatasetDraft, name: string) => d.columns.find((c) => c.column_name === name);

describe('editing the draft', () => {
  it('adds a new metric and a new calculated column on top, without ids', () => {
    let d = draftReducer(draft(), { type: 'metricAdded', key: 'new-1' });
    d = draftReducer(d, { type: 'calculatedColumnAdded', key: 'new-2' });
    expect(d.metrics[0]).toMatchObject({ key: 'new-1', id: null, metric_name: '' });
    expect(d.columns[0]).toMatchObject({ key: 'new-2', id: null, calculated: true, groupby: true, filterable: true });
  });

  it('changes and removes metrics and columns by key', () => {
    let d = draftReducer(draft(), { type: 'metricChanged', key: 'm21', fields: { verbose_name: 'Count' } });
    d = draftReducer(d, { type: 'columnChanged', key: 'c11', fields: { verbose_name: 'Species' } });
    expect(d.metrics[0].verbose_name).toBe('Count');
    expect(column(d, 'species')?.verbose_name).toBe('Species');
    d = draftReducer(d, { type: 'metricRemoved', key: 'm21' });
    d = draftReducer(d, { type: 'columnRemoved', key: 'c14' });
    expect(d.metrics).toEqual([]);
    expect(column(d, 'heavy')).toBeUndefined();
  });

  it('default datetime column: choosing one marks it temporal', () => {
    const d = draftReducer(draft(), { type: 'mainDttmColChosen', columnName: 'species' });
    expect(d.main_dttm_col).toBe('species');
    expect(column(d, 'species')?.is_dttm).toBe(true);
  });

  it('default datetime column: it stops being the default when it is no longer temporal or is deleted', () => {
    expect(draftReducer(draft(), { type: 'columnChanged', key: 'c13', fields: { is_dttm: false } }).main_dttm_col).toBeNull();
    expect(draftReducer(draft(), { type: 'columnRemoved', key: 'c13' }).main_dttm_col).toBeNull();
    // other columns leave it alone
    expect(draftReducer(draft(), { type: 'columnChanged', key: 'c11', fields: { is_dttm: false } }).main_dttm_col).toBe('observed_at');
  });

  it('default datetime column: renaming it keeps it the default', () => {
    const d = draftOf(
      datasetDetail({ main_dttm_col: 'day', columns: [columnDetail(1, 'day', { expression: 'CAST(ts AS DATE)', is_dttm: true })] }),
    );
    expect(draftReducer(d, { type: 'columnChanged', key: 'c1', fields: { column_name: 'ds' } }).main_dttm_col).toBe('ds');
  });

  it('default datetime column: it is dropped when a sync removes the column', () => {
    const fresh = datasetDetail().columns.filter((c) => c.column_name !== 'observed_at');
    const synced = draftReducer(draft(), { type: 'columnsSynced', fresh });
    expect(synced.main_dttm_col).toBeNull();
    expect(synced.columns.map((c) => c.column_name)).toEqual(['species', 'body_mass_g', 'heavy']);
  });

  it('changes dataset fields', () => {
    const d = draftReducer(draft(), { type: 'fieldsChanged', fields: { description: 'Penguins', offset: 2 } });
    expect(d).toMatchObject({ description: 'Penguins', offset: 2 });
  });
});
