import { describe, expect, it } from 'vitest';
import { defaultFormData } from '../transitions.js';
import type { ControlContext, QueryFormData } from '../types.js';
import { buildBulletQuery, bulletDefinition, validateNumberList } from './index.js';

/** Average flight delay in January against the delay bands the operations team uses. */
const fd: QueryFormData = {
  datasource: '3__table',
  viz_type: 'bullet',
  granularity_sqla: 'date',
  time_range: '2001-01-01 : 2001-02-01',
  metric: 'avg_delay',
  adhoc_filters: [],
  ranges: '5,10,20',
  range_labels: 'good,fair,poor',
  markers: '12',
  marker_labels: 'target',
  marker_lines: '15',
  marker_line_labels: 'alert',
};
const ctx: ControlContext = { formData: fd, datasource: null, sqlMaxRow: 100000 };

describe('bullet buildQuery', () => {
  it('the one metric over the filtered time range, no dimensions', () => {
    const [q] = buildBulletQuery(fd).queries;
    expect(q).toMatchObject({ metrics: ['avg_delay'], columns: [], granularity: 'date', time_range: '2001-01-01 : 2001-02-01' });
    expect(q.is_timeseries).toBe(false);
  });

  it('a time range filter of the chart wins over the legacy time_range', () => {
    const withFilter = {
      ...fd,
      adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: 'Last year', clause: 'WHERE' }],
    };
    expect(buildBulletQuery(withFilter).queries[0].time_range).toBe('Last year');
  });
});

describe('bullet control panel', () => {
  it('ranges, markers and lines are typed as text, empty by default', () => {
    const d = defaultFormData(bulletDefinition, null);
    expect(d).toMatchObject({ ranges: '', range_labels: '', markers: '', marker_labels: '', marker_lines: '', marker_line_labels: '' });
    expect(bulletDefinition.meta).toMatchObject({ key: 'bullet', name: 'Bullet Chart', category: 'KPI' });
  });

  it('the number lists must read as numbers; labels are free text', () => {
    expect(validateNumberList('5, 10,20', ctx)).toBe(false);
    expect(validateNumberList('', ctx)).toBe(false);
    expect(validateNumberList('5,ten', ctx)).toBe('is expected to be a comma-separated list of numbers');
    expect(bulletDefinition.controlPanel.controls.range_labels?.validators).toBeUndefined();
  });
});
