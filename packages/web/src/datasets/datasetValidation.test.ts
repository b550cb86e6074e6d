import { describe, expect, it } from 'vitest';
import { draftOf, type DatasetDraft } from './datasetDraft';
import { draftReducer, type DraftAction } from './draftReducer';
import { errorCountByTab, firstTabWithErrors, jsonObjectProblem, shownErrors, validateDraft } from './datasetValidation';
import { datasetDetail } from './detailFixture';

const edit = (...actions: DraftAction[]): DatasetDraft => actions.reduce(draftReducer, draftOf(datasetDetail()));

describe('what blocks saving a dataset', () => {
  it('a stored dataset as it is saves', () => {
    expect(validateDraft(edit())).toEqual({});
  });

  it('a metric needs a name and a SQL expression', () => {
    const d = edit({ type: 'metricAdded', key: 'n1' });
    expect(validateDraft(d)).toEqual({
      'metrics.n1.metric_name': 'Enter a metric name',
      'metrics.n1.expression': 'Enter a SQL expression',
    });
  });

  it('metric names are unique: every metric with the name is marked', () => {
    const d = edit(
      { type: 'metricAdded', key: 'n1' },
      { type: 'metricChanged', key: 'n1', fields: { metric_name: 'count', expression: 'COUNT(1)' } },
    );
    expect(validateDraft(d)).toEqual({
      'metrics.n1.metric_name': 'Metric name "count" is duplicated',
      'metrics.m21.metric_name': 'Metric name "count" is duplicated',
    });
  });

  it('a calculated column needs a name and an expression, and may not take a source column name', () => {
    const d = edit(
      { type: 'calculatedColumnAdded', key: 'n1' },
      { type: 'calculatedColumnAdded', key: 'n2' },
      { type: 'columnChanged', key: 'n2', fields: { column_name: 'species', expression: 'UPPER(species)' } },
    );
    expect(validateDraft(d)).toEqual({
      'columns.n1.column_name': 'Enter a column name',
      'columns.n1.expression': 'Enter a SQL expression',
      // only the calculated one is marked: the source column's name cannot be changed
      'columns.n2.column_name': 'Column name "species" is duplicated',
    });
  });

  it('template parameters and extra are JSON objects or empty', () => {
    expect(jsonObjectProblem('')).toBeNull();
    expect(jsonObjectProblem('{"a": 1}')).toBeNull();
    expect(jsonObjectProblem('[1]')).toBe('Enter a JSON object, like {"key": "value"}');
    expect(jsonObjectProblem('{oops')).toMatch(/^Not valid JSON: /);
    const errors = validateDraft(edit({ type: 'fieldsChanged', fields: { extra: '{oops', template_params: '42' } }));
    expect(Object.keys(errors).sort()).toEqual(['extra', 'template_params']);
  });

  it('a metric currency is a currency code', () => {
    const d = edit({ type: 'metricChanged', key: 'm21', fields: { currency: { symbol: 'NOPE', symbolPosition: 'prefix' } } });
    expect(validateDraft(d)).toEqual({ 'metrics.m21.currency': 'NOPE is not a currency code' });
    const ok = edit({ type: 'metricChanged', key: 'm21', fields: { currency: { symbol: 'EUR', symbolPosition: 'suffix' } } });
    expect(validateDraft(ok)).toEqual({});
  });

  it('a virtual dataset needs a name and SQL; the hours offset stays within a day', () => {
    const d = draftOf(datasetDetail({ kind: 'virtual', sql: 'SELECT 1 AS x' }));
    const errors = validateDraft(draftReducer(d, { type: 'fieldsChanged', fields: { sql: '  ', table_name: '', offset: 30 } }));
    expect(errors).toEqual({ sql: 'Enter the SQL of the dataset', table_name: 'Enter a name', offset: 'Enter whole hours from -24 to 24' });
  });

  it('each problem is counted on the tab that shows its field; Save opens the first such tab', () => {
    const d = edit(
      { type: 'calculatedColumnAdded', key: 'n1' },
      { type: 'metricAdded', key: 'n2' },
      { type: 'fieldsChanged', fields: { extra: '{' } },
    );
    const errors = validateDraft(d);
    expect(errorCountByTab(errors, d)).toEqual({ source: 0, metrics: 2, columns: 0, calculated: 2, settings: 1 });
    expect(firstTabWithErrors(errors, d)).toBe('metrics');
    expect(firstTabWithErrors({}, d)).toBeNull();
  });
});

describe('when a problem is shown', () => {
  const found = { 'metrics.n1.metric_name': 'Enter a metric name', extra: 'Not valid JSON: x' };

  it('a new, untouched row is not marked until Save is pressed', () => {
    expect(shownErrors(found, {}, new Set(), false)).toEqual({});
    expect(shownErrors(found, {}, new Set(), true)).toEqual(found);
  });

  it('an edited field is marked as soon as it is wrong', () => {
    expect(shownErrors(found, {}, new Set(['extra']), false)).toEqual({ extra: 'Not valid JSON: x' });
  });

  it("the server's messages show until their field is edited; the editor's own finding wins", () => {
    expect(shownErrors({}, { table_name: 'Dataset exists' }, new Set(), false)).toEqual({ table_name: 'Dataset exists' });
    expect(shownErrors(found, { extra: 'Bad extra' }, new Set(), true).extra).toBe('Not valid JSON: x');
  });
});
