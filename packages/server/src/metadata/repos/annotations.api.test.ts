/** The annotations repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import {
  annotationById,
  annotationIdsAmong,
  annotationPage,
  annotationsOfLayers,
  deleteAnnotations,
  deleteLayers,
  insertAnnotation,
  insertLayer,
  layerById,
  layerIdsAmong,
  layerNameTaken,
  layerPage,
  layersHoldAnnotations,
  setAnnotationFields,
  setLayerFields,
  shortDescrTaken,
} from './annotations.js';

const NOW = '2026-01-01T00:00:00';
const PAGE = { page: 0, pageSize: 10 };

describe('metadata repositories: annotations', () => {
  let server: TestServer;
  let userId: number;
  const db = () => server.ctx.store.db;

  const layer = (name: string, descr: string | null = null, changed_on = NOW) =>
    insertLayer(db(), { name, descr, created_on: NOW, changed_on, created_by_fk: userId, changed_by_fk: null });
  const annotation = (layer_id: number, short_descr: string, start_dttm: string, end_dttm: string, long_descr: string | null = null) =>
    insertAnnotation(db(), { layer_id, short_descr, long_descr, start_dttm, end_dttm, created_on: NOW, changed_on: NOW });

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    userId = (await db().selectFrom('ab_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('writes, finds, lists and deletes layers', async () => {
    const releases = await layer('Releases', 'Product releases', '2026-03-01T00:00:00');
    const outages = await layer('Outages', null, '2026-02-01T00:00:00');
    const holidays = await layer('Holidays', 'Public releases of days off', '2026-01-01T00:00:00');

    expect(await layerById(db(), releases)).toMatchObject({
      id: releases,
      name: 'Releases',
      descr: 'Product releases',
      created_by_fk: userId,
    });
    expect(await layerById(db(), 999_999)).toBeUndefined();
    expect(await layerNameTaken(db(), 'Outages', null)).toBe(true);
    expect(await layerNameTaken(db(), 'Outages', outages)).toBe(false);
    expect(await layerNameTaken(db(), 'Nope', null)).toBe(false);

    const names = async (filters: Parameters<typeof layerPage>[1], ref = 'l.name', direction: 'asc' | 'desc' = 'asc', page = PAGE) => {
      const { count, rows } = await layerPage(db(), filters, { ref, direction }, page);
      return { count, names: rows.map((r) => r.name) };
    };
    expect(await names([])).toEqual({ count: 3, names: ['Holidays', 'Outages', 'Releases'] });
    expect(await names([], 'l.changed_on', 'desc', { page: 1, pageSize: 1 })).toEqual({ count: 3, names: ['Outages'] });
    expect(await names([{ kind: 'text', column: 'name', value: 'AGE', mode: 'ct' }])).toEqual({ count: 1, names: ['Outages'] });
    expect(await names([{ kind: 'text', column: 'descr', value: 'product', mode: 'sw' }])).toEqual({ count: 1, names: ['Releases'] });
    expect(await names([{ kind: 'name', value: 'Holidays' }])).toEqual({ count: 1, names: ['Holidays'] });
    expect(await names([{ kind: 'allText', value: 'releases' }])).toEqual({ count: 2, names: ['Holidays', 'Releases'] });
    expect(await names([{ kind: 'user', column: 'created_by_fk', value: userId }])).toMatchObject({ count: 3 });
    expect(await names([{ kind: 'user', column: 'changed_by_fk', value: userId }])).toEqual({ count: 0, names: [] });
    expect(await names([{ kind: 'ids', ids: [outages, holidays] }])).toEqual({ count: 2, names: ['Holidays', 'Outages'] });
    expect(await names([{ kind: 'ids', ids: [] }])).toEqual({ count: 0, names: [] });

    await setLayerFields(db(), outages, { name: 'Incidents', changed_by_fk: userId });
    expect(await layerById(db(), outages)).toMatchObject({ name: 'Incidents', changed_by_fk: userId });

    expect((await layerIdsAmong(db(), [releases, outages, 999_999])).sort((a, b) => a - b)).toEqual(
      [releases, outages].sort((a, b) => a - b),
    );
    await annotation(releases, 'v1', '2026-01-01T00:00:00', '2026-01-01T00:00:00');
    expect(await layersHoldAnnotations(db(), [outages, releases])).toBe(true);
    expect(await layersHoldAnnotations(db(), [outages, holidays])).toBe(false);
    await deleteLayers(db(), [outages, holidays]);
    expect(await layerIdsAmong(db(), [releases, outages, holidays])).toEqual([releases]);
  });

  it('writes, finds, lists and deletes annotations', async () => {
    const l = await layer('Events');
    const other = await layer('Other events');
    const a = await annotation(l, 'Launch', '2026-05-01T00:00:00', '2026-05-01T00:00:00', 'The big launch');
    const b = await annotation(l, 'Sale', '2026-04-01T00:00:00', '2026-06-01T00:00:00');
    const c = await annotation(l, 'Freeze', '2026-07-01T00:00:00', '2026-07-10T00:00:00', 'Launch freeze');
    const d = await annotation(other, 'Elsewhere', '2026-05-01T00:00:00', '2026-05-02T00:00:00');

    expect(await annotationById(db(), l, a)).toMatchObject({ id: a, layer_id: l, short_descr: 'Launch', long_descr: 'The big launch' });
    expect(await annotationById(db(), other, a)).toBeUndefined();
    expect(await shortDescrTaken(db(), l, 'Sale', null)).toBe(true);
    expect(await shortDescrTaken(db(), l, 'Sale', b)).toBe(false);
    expect(await shortDescrTaken(db(), other, 'Sale', null)).toBe(false);

    const shorts = async (filters: Parameters<typeof annotationPage>[2], ref = 'a.start_dttm', direction: 'asc' | 'desc' = 'asc') => {
      const { count, rows } = await annotationPage(db(), l, filters, { ref, direction }, PAGE);
      return { count, shorts: rows.map((r) => r.short_descr) };
    };
    expect(await shorts([])).toEqual({ count: 3, shorts: ['Sale', 'Launch', 'Freeze'] });
    expect(await shorts([], 'a.short_descr', 'desc')).toEqual({ count: 3, shorts: ['Sale', 'Launch', 'Freeze'] });
    expect(await shorts([{ kind: 'text', column: 'long_descr', value: 'freeze', mode: 'ew' }])).toEqual({ count: 1, shorts: ['Freeze'] });
    expect(await shorts([{ kind: 'allText', value: 'launch' }])).toEqual({ count: 2, shorts: ['Launch', 'Freeze'] });
    const paged = await annotationPage(db(), l, [], { ref: 'a.start_dttm', direction: 'asc' }, { page: 1, pageSize: 2 });
    expect(paged.count).toBe(3);
    expect(paged.rows.map((r) => r.id)).toEqual([c]);

    await setAnnotationFields(db(), b, { long_descr: 'Spring sale', changed_on: '2026-08-01T00:00:00' });
    expect(await annotationById(db(), l, b)).toMatchObject({ long_descr: 'Spring sale', changed_on: '2026-08-01T00:00:00' });

    const window = (since: string | null, until: string | null) =>
      annotationsOfLayers(db(), [l, other], { since, until }).then((rows) => rows.map((r) => r.short_descr));
    expect(await window(null, null)).toEqual(['Sale', 'Launch', 'Elsewhere', 'Freeze']);
    // starts before `until`, ends at or after `since`
    expect(await window('2026-05-02T00:00:00', '2026-07-01T00:00:00')).toEqual(['Sale', 'Elsewhere']);
    expect(await window('2026-07-10T00:00:00', null)).toEqual(['Freeze']);

    expect((await annotationIdsAmong(db(), l, [a, d, 999_999])).sort()).toEqual([a]);
    await deleteAnnotations(db(), [a, c]);
    expect(await annotationIdsAmong(db(), l, [a, b, c])).toEqual([b]);
    expect(await annotationById(db(), other, d)).toBeDefined();
  });
});
