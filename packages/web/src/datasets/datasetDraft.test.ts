import { describe, expect, it } from 'vitest';
import { draftOf, parseCurrency, type DatasetDraft } from './datasetDraft';
import { datasetDetail, metricDetail } from './detailFixture';

const draft = (): DatasetDraft => draftOf(datasetDetail());

describe('the editor draft of a stored dataset', () => {
  it('tells calculated columns (with a SQL expression) from the columns of the source', () => {
    const d = draft();
    expect(d.columns.filter((c) => c.calculated).map((c) => c.column_name)).toEqual(['heavy']);
    expect(d.columns.filter((c) => !c.calculated).map((c) => c.column_name)).toEqual(['species', 'body_mass_g', 'observed_at']);
  });

  it('shows null text as empty fields, and keeps stored ids', () => {
    const d = draft();
    expect(d.description).toBe('');
    expect(d.sql).toBe('');
    expect(d.metrics[0]).toMatchObject({ id: 21, metric_name: 'count', verbose_name: '', d3format: '' });
  });

  it('reads a metric currency stored as JSON text or as an object; anything else is no currency', () => {
    expect(parseCurrency('{"symbol":"EUR","symbolPosition":"suffix"}')).toEqual({ symbol: 'EUR', symbolPosition: 'suffix' });
    expect(parseCurrency({ symbol: 'USD', symbolPosition: 'prefix' })).toEqual({ symbol: 'USD', symbolPosition: 'prefix' });
    expect(parseCurrency('not json')).toBeNull();
    expect(parseCurrency('')).toBeNull();
    expect(parseCurrency(null)).toBeNull();
    const d = draftOf(datasetDetail({ metrics: [metricDetail(1, 'revenue', 'SUM(x)', { currency: '{"symbol":"GBP"}' })] }));
    expect(d.metrics[0].currency).toEqual({ symbol: 'GBP', symbolPosition: 'prefix' });
  });
});
