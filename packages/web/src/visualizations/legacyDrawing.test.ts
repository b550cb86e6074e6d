/**
 * Issue 31 ("Tests build legacy form data of each type and check the migrated chart's query and
 * drawing"): every legacy chart of the migration fixtures, migrated, is queried by its new type's
 * buildQuery, answered with rows shaped as the database would answer that query (post-processing
 * applied as the server applies it), and drawn by the new type's transformProps: the drawing holds
 * the data, it does not throw or come out empty.
 */
import { describe, expect, it } from 'vitest';
import {
  applyPostProcessing,
  frameColumnNames,
  frameFromRows,
  frameToRecords,
  getVizDefinition,
  migrateLegacyFormData,
  type QueryColumn,
  type QueryMetric,
  type QueryObject,
} from '@rama/shared';
import { FIXTURES } from '../../../shared/src/viz/migrate/legacyFixtures';
import { getWebViz } from './registry';
import { reply } from './testReplies';

const metricLabel = (m: QueryMetric): string =>
  typeof m === 'string'
    ? m
    : m.label?.trim()
      ? m.label
      : m.expressionType === 'SQL'
        ? (m.sqlExpression ?? '')
        : `${m.aggregate}(${m.column?.column_name})`;
const columnLabel = (c: QueryColumn): string => (typeof c === 'string' ? c : c.label?.trim() ? c.label : c.sqlExpression);
const isTemporal = (c: QueryColumn, q: QueryObject): boolean =>
  (typeof c !== 'string' && (c.columnType === 'BASE_AXIS' || Boolean(c.timeGrain))) || columnLabel(c) === q.granularity;

const DAY = 86_400_000;
const START = Date.UTC(2020, 0, 1);

/** Rows a database would answer `q` with: 10 time points (or categories) × 2 of the next dimension, numbers for the metrics. */
function answer(q: QueryObject): { colnames: string[]; rows: unknown[][]; temporal: string[] } {
  const columns = (q.columns ?? []) as QueryColumn[];
  const metrics = ((q.metrics ?? []) as QueryMetric[]).map(metricLabel);
  // the server joins each time shift's values in as `<metric>__<shift>` before post-processing
  const shifted = (q.time_offsets ?? []).flatMap((o) => metrics.map((m) => `${m}__${o}`));
  const colnames = [...columns.map(columnLabel), ...metrics, ...shifted];
  const temporal = columns.filter((c) => isTemporal(c, q)).map(columnLabel);
  const rows: unknown[][] = [];
  for (let i = 0; i < 10; i++) {
    for (let j = 0; j < 2; j++) {
      const row: unknown[] = columns.map((c, k) => {
        if (temporal.includes(columnLabel(c))) return START + i * 31 * DAY;
        // without metrics the columns are the values (a histogram's column)
        if (metrics.length === 0) return 1000 + i * 77 + j * 13 + k;
        return k === 0 ? `A${i}` : `B${j}`;
      });
      metrics.forEach((_, m) => row.push(1000 + i * 77 + j * 13 + m * 5));
      // a shifted value 2.5 under the value it is compared with
      shifted.forEach((_, s) => row.push(1000 + i * 77 + j * 13 + (s % metrics.length) * 5 - 2.5));
      rows.push(row);
    }
  }
  return { colnames, rows, temporal };
}

describe('legacy charts, migrated, are queried and drawn by their new type', () => {
  for (const [legacy, fixture] of Object.entries(FIXTURES)) {
    it(`${legacy}: the migrated chart draws its data`, () => {
      const migration = migrateLegacyFormData(fixture);
      expect(migration, legacy).not.toBeNull();
      const fd = migration!.formData;
      const definition = getVizDefinition(fd.viz_type);
      const web = getWebViz(fd.viz_type);
      expect(definition && web, fd.viz_type).toBeTruthy();
      const context = definition!.buildQuery(fd);
      const answered = context.queries.map((q) => {
        const { colnames, rows, temporal } = answer(q);
        const frame = applyPostProcessing(frameFromRows(colnames, rows, { temporalColumns: temporal }), q.post_processing);
        return { records: frameToRecords(frame), names: frameColumnNames(frame), temporal };
      });
      const queriesData = answered.map(({ records, names, temporal }) =>
        reply(records, names, (c) => (temporal.includes(c) ? 2 : typeof records[0]?.[c] === 'number' ? 0 : 1)),
      );
      const props = web!.transformProps({ formData: fd, queriesData, datasource: null, width: 600, height: 400 });
      // a value of the rows (after post-processing) reaches the drawing
      const { records, temporal } = answered[0];
      const values = new Set(
        records.flatMap((r) =>
          Object.entries(r)
            .filter(([k, v]) => !temporal.includes(k) && typeof v === 'number' && (v >= 100 || !Number.isInteger(v)))
            .map(([, v]) => v),
        ),
      );
      expect(values.size, `${legacy}: the rows hold values`).toBeGreaterThan(0);
      const drawnNumbers = new Set((JSON.stringify(props).match(/-?\d+(\.\d+)?/g) ?? []).map(Number));
      expect(
        [...values].some((v) => drawnNumbers.has(v as number)),
        `${legacy} → ${fd.viz_type} draws none of its values`,
      ).toBe(true);
    });
  }
});
