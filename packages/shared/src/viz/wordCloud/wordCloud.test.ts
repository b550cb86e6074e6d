import { describe, expect, it } from 'vitest';
import { defaultFormData, validateControls } from '../transitions.js';
import type { QueryFormData } from '../types.js';
import { buildWordCloudQuery, wordCloudDefinition } from './index.js';

/** Directors by worldwide gross, the top 50. */
const fd: QueryFormData = {
  datasource: '11__table',
  viz_type: 'word_cloud',
  series: 'director',
  metric: 'sum_worldwide_gross',
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'director', operator: 'IS NOT NULL', clause: 'WHERE' }],
  row_limit: 50,
  sort_by_metric: true,
  size_from: 10,
  size_to: 70,
  rotation: 'square',
};

describe('word cloud buildQuery', () => {
  it('one metric by the series column, largest first when sorting by metric', () => {
    const [q] = buildWordCloudQuery(fd).queries;
    expect(q).toMatchObject({
      columns: ['director'],
      metrics: ['sum_worldwide_gross'],
      filters: [{ col: 'director', op: 'IS NOT NULL' }],
      orderby: [['sum_worldwide_gross', false]],
      row_limit: 50,
    });
  });

  it('asks no order when not sorting', () => {
    expect(buildWordCloudQuery({ ...fd, sort_by_metric: false }).queries[0].orderby).toEqual([]);
  });
});

describe('word cloud control panel', () => {
  it('100 words, fonts 10 to 70 px, square rotation; the series is required', () => {
    const defaults = defaultFormData(wordCloudDefinition, null);
    expect(defaults).toMatchObject({ row_limit: 100, size_from: 10, size_to: 70, rotation: 'square', sort_by_metric: false });
    const errors = validateControls(wordCloudDefinition, {
      formData: { ...defaults, size_to: 'big' },
      datasource: null,
      sqlMaxRow: 100000,
    });
    expect(errors.series).toEqual(['cannot be empty']);
    expect(errors.size_to).toEqual(['is expected to be an integer']);
  });
});
