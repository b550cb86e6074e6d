/**
 * Form data pieces for the example charts, in the shapes Explore's controls write them (the
 * filter control's adhoc filters, SQL columns, the time axis), shared by every example module:
 * each chart type's `example.ts` and the server's example charts (server/src/examples/charts.ts).
 */
import type { AdhocColumn } from '../api/chartData.js';
import { NO_TIME_RANGE } from '../time/timeRange.js';

const OPERATORS = {
  EQUALS: '==',
  IN: 'IN',
  NOT_IN: 'NOT IN',
  IS_NOT_NULL: 'IS NOT NULL',
  TEMPORAL_RANGE: 'TEMPORAL_RANGE',
} as const;

/** A WHERE filter on a column as the filter control stores it (IS NOT NULL carries no value). */
export function filter(subject: string, operatorId: keyof typeof OPERATORS, comparator?: unknown) {
  return {
    expressionType: 'SIMPLE',
    subject,
    operator: OPERATORS[operatorId],
    operatorId,
    ...(comparator === undefined ? {} : { comparator }),
    clause: 'WHERE',
    isExtra: false,
    filterOptionName: `filter_${subject}_${operatorId.toLowerCase()}`,
  };
}

/** The time range filter Explore gives a chart on a dataset with a time column. */
export const timeRange = (column: string, range: string = NO_TIME_RANGE) => filter(column, 'TEMPORAL_RANGE', range);

export const sqlColumn = (label: string, sqlExpression: string): AdhocColumn => ({ expressionType: 'SQL', label, sqlExpression });

/** A time axis over `x` at `grain`, as the timeseries and trendline controls hold it. */
export const timeAxis = (x: string | AdhocColumn, grain: string) => ({ x_axis: x, time_grain_sqla: grain });

// ---- what several example charts share -------------------------------------------------------

/** Full weeks of the flights table (Monday 1 January to Sunday 24 June 2001). */
export const FLIGHT_WEEKS = '2001-01-01 : 2001-06-25';
export const FLIGHT_MONTHS = '2001-01-01 : 2001-07-01';
export const BUSIEST_AIRPORTS = ['ORD', 'DFW', 'ATL', 'LAX', 'PHX', 'STL', 'DTW', 'MSP', 'LAS', 'DEN'];

/** gapminder's `cluster` holds six regions by number (vega-datasets' datapackage.json names them). */
export const REGION = sqlColumn(
  'Region',
  "CASE cluster WHEN 0 THEN 'South Asia' WHEN 1 THEN 'Europe & Central Asia' WHEN 2 THEN 'Sub-Saharan Africa' " +
    "WHEN 3 THEN 'America' WHEN 4 THEN 'East Asia & Pacific' WHEN 5 THEN 'Middle East & North Africa' END",
);
/** gapminder's `year` is a number: as 1 January of that year it is a time axis. */
export const YEAR = sqlColumn('Year', 'make_date("year", 1, 1)');
export const IN_2005 = filter('year', 'EQUALS', 2005);
