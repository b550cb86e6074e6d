/** The example chart of this type on the "All chart types" dashboard, over the example datasets (server/src/examples/datasets.ts). */
import type { VizExample } from '../types.js';
import { newTimeTableColumn } from './columns.js';

/** A time table column as the BI server's column editor saves it (numbers typed as text). */
const timeTableColumn = (key: string, fields: Record<string, unknown>) => ({ ...newTimeTableColumn(key), ...fields });

export const timeTableExample: VizExample = {
  key: 'gallery-time-table',
  name: 'Stock prices, 2005 to 2010',
  table: 'stocks',
  description: 'A row per stock: the monthly price as a sparkline, the latest price, its change over a year and its yearly average.',
  params: {
    granularity_sqla: 'date',
    time_grain_sqla: 'P1M',
    time_range: '2005-01-01 : 2010-03-01',
    metrics: ['avg_price'],
    groupby: ['symbol'],
    limit: 10,
    row_limit: 10000,
    column_collection: [
      timeTableColumn('spark', { label: 'Monthly price', colType: 'spark', width: '220', height: '36', showYAxis: true }),
      timeTableColumn('latest', { label: 'Latest', colType: 'time', timeLag: '0', comparisonType: 'value', d3format: '$,.2f' }),
      timeTableColumn('yoy', {
        label: 'Change over a year',
        tooltip: 'The latest price against the price twelve months before',
        colType: 'time',
        timeLag: '12',
        comparisonType: 'perc_change',
        d3format: '+.1%',
        bounds: [0, null],
      }),
      timeTableColumn('avg', { label: 'Average, last 12 months', colType: 'avg', timeLag: '12', d3format: '$,.2f' }),
    ],
  },
};
