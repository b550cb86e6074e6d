import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { DatasetUpdate } from '@rama/shared';
import { draftOf, type DatasetDraft } from './datasetDraft';
import { draftReducer, type DraftAction } from './draftReducer';
import { placeServerErrors, sourceChanged, toDatasetUpdate } from './datasetPayload';
import { datasetDetail } from './detailFixture';

const original = draftOf(datasetDetail());
const edit = (...actions: DraftAction[]): DatasetDraft => actions.reduce(draftReducer, original);

describe('the body of a dataset save', () => {
  it('matches the DatasetUpdate schema the server validates with', () => {
    const body = toDatasetUpdate(
      edit(
        { type: 'metricAdded', key: 'n1' },
        { type: 'metricChanged', key: 'n1', fields: { metric_name: 'avg_mass', expression: 'AVG(body_mass_g)', d3format: ',.1f' } },
        { type: 'metricChanged', key: 'm21', fields: { currency: { symbol: 'EUR', symbolPosition: 'suffix' } } },
      ),
      original,
    );
    expect(Value.Check(DatasetUpdate, body)).toBe(true);
  });

  it('sends every metric and column, stored ones by id and new ones without', () => {
    const body = toDatasetUpdate(
      edit(
        { type: 'calculatedColumnAdded', key: 'n1' },
        { type: 'columnChanged', key: 'n1', fields: { column_name: 'light', expression: ' body_mass_g < 3500 ', type: 'BOOLEAN' } },
        { type: 'columnChanged', key: 'c11', fields: { verbose_name: 'Species' } },
        { type: 'metricRemoved', key: 'm21' },
      ),
      original,
    );
    expect(body.metrics).toEqual([]);
    expect(body.columns?.map((c) => [c.id ?? null, c.column_name])).toEqual([
      [null, 'light'],
      [11, 'species'],
      [12, 'body_mass_g'],
      [13, 'observed_at'],
      [14, 'heavy'],
    ]);
    expect(body.columns?.[0]).toMatchObject({ expression: 'body_mass_g < 3500', type: 'BOOLEAN', groupby: true, filterable: true });
    expect(body.columns?.[1]).toMatchObject({ verbose_name: 'Species', expression: null });
  });

  it('never sends what the server keeps for itself', () => {
    const body = toDatasetUpdate(original, original) as Record<string, unknown>;
    const column = (body.columns as Record<string, unknown>[])[0];
    const metric = (body.metrics as Record<string, unknown>[])[0];
    for (const item of [body, column, metric]) {
      for (const field of ['created_on', 'changed_on', 'type_generic', 'uuid', 'owners', 'changed_by', 'database']) {
        expect(item).not.toHaveProperty(field);
      }
    }
  });

  it('empty text is saved as null', () => {
    const body = toDatasetUpdate(edit({ type: 'fieldsChanged', fields: { description: '   ', default_endpoint: '' } }), original);
    expect(body).toMatchObject({ description: null, default_endpoint: null, template_params: null, extra: null });
  });

  it('the source goes only when it changed', () => {
    const unchanged = toDatasetUpdate(original, original);
    for (const field of ['table_name', 'schema', 'database_id', 'sql', 'catalog']) expect(unchanged).not.toHaveProperty(field);
    const moved = edit({ type: 'fieldsChanged', fields: { schema: 'other', table_name: 'penguins_2024' } });
    expect(toDatasetUpdate(moved, original)).toMatchObject({ schema: 'other', table_name: 'penguins_2024' });
    expect(sourceChanged(moved, original)).toBe(true);
    expect(sourceChanged(edit({ type: 'fieldsChanged', fields: { description: 'x' } }), original)).toBe(false);
  });

  it('a virtual dataset sends its SQL when the SQL changed', () => {
    const virtual = draftOf(datasetDetail({ kind: 'virtual', sql: 'SELECT 1 AS x' }));
    const changed = draftReducer(virtual, { type: 'fieldsChanged', fields: { sql: 'SELECT 2 AS x' } });
    expect(toDatasetUpdate(changed, virtual).sql).toBe('SELECT 2 AS x');
    expect(sourceChanged(changed, virtual)).toBe(true);
    expect(toDatasetUpdate(virtual, virtual)).not.toHaveProperty('sql');
  });
});

describe('server validation messages in the editor', () => {
  it('puts messages about a field next to it, and list items by their place in the body', () => {
    const d = edit({ type: 'metricAdded', key: 'n1' });
    const placed = placeServerErrors(
      {
        extra: ['Not a valid JSON object'],
        'metrics.0.metric_name': ['Name already taken'],
        'columns.3.expression': ['Unknown column'],
        metrics: ['One or more metrics are duplicated'],
        owners: ['Owners are invalid'],
      },
      d,
    );
    expect(placed.byField).toEqual({
      extra: 'Not a valid JSON object',
      'metrics.n1.metric_name': 'Name already taken',
      'columns.c14.expression': 'Unknown column',
      metrics: 'One or more metrics are duplicated',
    });
    expect(placed.general).toEqual(['owners: Owners are invalid']);
  });
});
