/** The chart side's dataset and database reads against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetRow } from '../../test-support/metadata-rows.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { insertDatabase } from '../../test-support/sqllab-fixtures.js';
import { nowIso } from '../db.js';
import {
  databaseRef,
  databaseRefs,
  databaseRowOf,
  datasetColumnNames,
  datasetColumnRows,
  datasetDatabaseUri,
  datasetIdByUuid,
  datasetIdsByUuid,
  datasetLabelRows,
  datasetLocations,
  datasetMetricRows,
  datasetNamesByIds,
  datasetRowById,
  datasetsByUuids,
  datasetsWithDatabaseNames,
} from './datasources.js';

describe('metadata repositories: datasets and databases as charts read them', () => {
  let server: TestServer;
  let database: number;
  let orders: { id: number; uuid: string };
  let empty: { id: number; uuid: string };
  const db = () => server.ctx.store.db;

  /** A dataset row with these columns (name, verbose name) and metrics (name, verbose name, format). */
  async function dataset(name: string, columns: [string, string | null][], metrics: [string, string | null, string | null][]) {
    const now = nowIso();
    const uuid = randomUUID();
    const { id } = await db()
      .insertInto('tables')
      .values(datasetRow(name, database, { uuid, schema: 'sales' }))
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [column_name, verbose_name] of columns)
      await db()
        .insertInto('table_columns')
        .values({
          table_id: id,
          column_name,
          verbose_name,
          type: 'TEXT',
          type_generic: 1,
          is_dttm: 0,
          is_active: 1,
          groupby: 1,
          filterable: 1,
          expression: null,
          description: null,
          python_date_format: null,
          advanced_data_type: null,
          extra: null,
          uuid: randomUUID(),
          created_on: now,
          changed_on: now,
        })
        .execute();
    for (const [metric_name, verbose_name, d3format] of metrics)
      await db()
        .insertInto('sql_metrics')
        .values({
          table_id: id,
          metric_name,
          verbose_name,
          metric_type: null,
          expression: 'COUNT(*)',
          description: null,
          d3format,
          currency: '{"symbol":"EUR","symbolPosition":"suffix"}',
          warning_text: null,
          extra: null,
          uuid: randomUUID(),
          created_on: now,
          changed_on: now,
        })
        .execute();
    return { id, uuid };
  }

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    database = await insertDatabase(server, 'shop');
    orders = await dataset(
      'orders',
      [
        ['city', 'City'],
        ['amount', null],
      ],
      [['total', 'Total', ',.2f']],
    );
    empty = await dataset('empty', [], []);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('reads databases', async () => {
    expect(await databaseRefs(db())).toContainEqual({ id: database, database_name: 'shop' });
    expect(await databaseRef(db(), database)).toEqual({ id: database, database_name: 'shop' });
    expect(await databaseRef(db(), 999_999)).toBeUndefined();
    expect(await databaseRowOf(db(), database)).toMatchObject({ id: database, database_name: 'shop' });
    await expect(databaseRowOf(db(), 999_999)).rejects.toThrow();
  });

  it('reads datasets by id and by uuid', async () => {
    expect(await datasetRowById(db(), orders.id)).toMatchObject({ id: orders.id, uuid: orders.uuid, table_name: 'orders' });
    expect(await datasetRowById(db(), 999_999)).toBeUndefined();
    expect(await datasetLocations(db(), [])).toEqual([]);
    expect(await datasetLocations(db(), [orders.id, 999_999])).toEqual([{ id: orders.id, database_id: database, schema: 'sales' }]);
    expect(await datasetNamesByIds(db(), [orders.id])).toEqual([{ id: orders.id, schema: 'sales', table_name: 'orders' }]);
    expect(await datasetsByUuids(db(), [])).toEqual([]);
    expect(await datasetsByUuids(db(), [orders.uuid, randomUUID()])).toEqual([
      { id: orders.id, uuid: orders.uuid, database_id: database, schema: 'sales' },
    ]);
    expect(await datasetIdsByUuid(db(), [orders.uuid, empty.uuid])).toEqual(
      new Map([
        [orders.uuid, orders.id],
        [empty.uuid, empty.id],
      ]),
    );
    expect(await datasetIdByUuid(db(), empty.uuid)).toBe(empty.id);
    expect(await datasetIdByUuid(db(), randomUUID())).toBeUndefined();
    expect(await datasetsWithDatabaseNames(db(), [])).toEqual([]);
    expect(await datasetsWithDatabaseNames(db(), [orders.id])).toEqual([{ id: orders.id, table_name: 'orders', database_name: 'shop' }]);
    expect(await datasetDatabaseUri(db(), orders.id)).toBe('postgresql://someone@db.invalid:5432/other');
    expect(await datasetDatabaseUri(db(), 999_999)).toBeUndefined();
  });

  it("reads a dataset's columns and metrics", async () => {
    expect(await datasetColumnNames(db(), [])).toEqual([]);
    const names = await datasetColumnNames(db(), [orders.id, empty.id]);
    expect(names.map((c) => c.column_name).sort()).toEqual(['amount', 'city']);
    expect(names.every((c) => c.table_id === orders.id)).toBe(true);
    expect((await datasetColumnRows(db(), orders.id)).map((c) => c.column_name)).toEqual(['city', 'amount']);
    expect(await datasetColumnRows(db(), empty.id)).toEqual([]);
    expect((await datasetMetricRows(db(), orders.id)).map((m) => m.metric_name)).toEqual(['total']);
    const labels = await datasetLabelRows(db(), orders.id);
    expect(labels.metrics).toEqual([
      { name: 'total', verbose_name: 'Total', d3format: ',.2f', currency: '{"symbol":"EUR","symbolPosition":"suffix"}' },
    ]);
    expect([...labels.columns].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'amount', verbose_name: null },
      { name: 'city', verbose_name: 'City' },
    ]);
  });
});
