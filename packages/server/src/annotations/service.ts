/**
 * Native annotation layers and their annotations (the peer's /api/v1/annotation_layer/ API):
 * list, read, create, update, delete, bulk delete; routes check can_read / can_write on Annotation.
 */
import type { UserRef } from '@rama/shared';
import type { AppContext } from '../context.js';
import { HttpError, invalidFields, notFound } from '../http/errors.js';
import { idFilterValue, stringFilterValue, unsupportedFilter } from '../http/list-filters.js';
import { listParams, type ListParams } from '../http/rison.js';
import { humanizeDelta } from '../http/time.js';
import { nowIso } from '../metadata/db.js';
import type { Row } from '../metadata/schema.js';
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
  type AnnotationFilter,
  type AnnotationLayerTable,
  type AnnotationTable,
  type LayerFilter,
} from '../metadata/repos/annotations.js';
import { searchUsersByName, usersById, type Users } from '../metadata/repos/users.js';
import type { Principal } from '../security/principal.js';
import { annotationFieldErrors, overlapsRange, storedDttm, storedDttmMs, type NativeLayerRef } from './rules.js';

type LayerRow = Row<AnnotationLayerTable>;
type AnnotationRow = Row<AnnotationTable>;

export interface LayerWrite {
  name: string;
  descr?: string | null;
}
export type LayerUpdate = Partial<LayerWrite>;

export interface AnnotationWrite {
  short_descr: string;
  long_descr?: string | null;
  start_dttm: string;
  end_dttm: string;
  json_metadata?: string | null;
}
export type AnnotationUpdate = Partial<AnnotationWrite>;

export const LAYER_ORDER_COLUMNS = ['name', 'descr', 'changed_on', 'changed_on_delta_humanized', 'created_on'] as const;
export const ANNOTATION_ORDER_COLUMNS = ['short_descr', 'start_dttm', 'end_dttm', 'changed_on', 'changed_on_delta_humanized'] as const;

const LAYER_ORDER: Record<(typeof LAYER_ORDER_COLUMNS)[number], string> = {
  name: 'l.name',
  descr: 'l.descr',
  changed_on: 'l.changed_on',
  changed_on_delta_humanized: 'l.changed_on',
  created_on: 'l.created_on',
};
const ANNOTATION_ORDER: Record<(typeof ANNOTATION_ORDER_COLUMNS)[number], string> = {
  short_descr: 'a.short_descr',
  start_dttm: 'a.start_dttm',
  end_dttm: 'a.end_dttm',
  changed_on: 'a.changed_on',
  changed_on_delta_humanized: 'a.changed_on',
};

const unprocessable = (message: string) => new HttpError(422, { message });
const LAYER_NOT_FOUND = 'Annotation layer not found.';
const ANNOTATION_NOT_FOUND = 'Annotation not found.';

const blankToNull = (s: string | null | undefined): string | null => (s === undefined || s === null || !s.trim() ? null : s);

const userRef = (users: Users, id: number | null): UserRef | null => (id === null ? null : (users.get(id) ?? null));

/** A stored time as the API shows it: ISO without a zone, as the peer's datetime fields. */
const shownDttm = (stored: string): string => stored;

export class AnnotationService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.store.db;
  }

  // ---- layers ----

  async listLayers(p: ListParams) {
    const filters: LayerFilter[] = p.filters.map((f) => {
      if ((f.col === 'name' || f.col === 'descr') && (f.opr === 'ct' || f.opr === 'sw' || f.opr === 'ew'))
        return { kind: 'text', column: f.col, value: stringFilterValue(f), mode: f.opr };
      if (f.col === 'name' && f.opr === 'eq') return { kind: 'name', value: stringFilterValue(f) };
      if (f.col === 'name' && f.opr === 'annotation_layer_all_text') return { kind: 'allText', value: stringFilterValue(f) };
      if ((f.col === 'changed_by' || f.col === 'created_by') && (f.opr === 'rel_o_m' || f.opr === 'eq'))
        return { kind: 'user', column: f.col === 'changed_by' ? 'changed_by_fk' : 'created_by_fk', value: idFilterValue(f) };
      if (f.col === 'id' && f.opr === 'in') {
        if (!Array.isArray(f.value) || f.value.length > 1000) throw invalidFields({ filters: ['The value of id must be a list of ids.'] });
        return { kind: 'ids', ids: f.value.map((v) => idFilterValue(f, v)) };
      }
      throw unsupportedFilter(f.col, f.opr);
    });
    const orderBy = p.orderColumn ? LAYER_ORDER[p.orderColumn as keyof typeof LAYER_ORDER] : 'l.changed_on';
    const direction = p.orderColumn ? p.orderDirection : 'desc';
    const { count: n, rows } = await layerPage(this.db, filters, { ref: orderBy, direction }, p);
    const users = await usersById(
      this.ctx.store.db,
      rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
    );
    const now = Date.now();
    return {
      count: Number(n),
      ids: rows.map((r) => r.id),
      result: rows.map((r) => this.presentLayer(r, users, now)),
    };
  }

  private presentLayer(r: LayerRow, users: Users, now: number) {
    return {
      id: r.id,
      name: r.name,
      descr: r.descr,
      created_on: r.created_on,
      changed_on: r.changed_on,
      changed_on_delta_humanized: humanizeDelta(r.changed_on, now),
      created_by: userRef(users, r.created_by_fk),
      changed_by: userRef(users, r.changed_by_fk),
    };
  }

  private async layerRow(id: number): Promise<LayerRow> {
    const row = await layerById(this.db, id);
    if (!row) throw notFound(LAYER_NOT_FOUND);
    return row;
  }

  async getLayer(id: number) {
    const row = await this.layerRow(id);
    return { id: row.id, name: row.name, descr: row.descr };
  }

  private checkedLayerName(name: string): string {
    const trimmed = name.trim();
    if (!trimmed) throw invalidFields({ name: ['Field cannot be empty.'] });
    if (trimmed.length > 250) throw invalidFields({ name: ['Longer than maximum length 250.'] });
    return trimmed;
  }

  private async checkLayerNameFree(name: string, exceptId: number | null): Promise<void> {
    if (await layerNameTaken(this.db, name, exceptId)) throw invalidFields({ name: ['Name must be unique'] });
  }

  async createLayer(user: Principal, body: LayerWrite): Promise<{ id: number; result: LayerWrite }> {
    const name = this.checkedLayerName(body.name);
    await this.checkLayerNameFree(name, null);
    const now = nowIso();
    const id = await insertLayer(this.db, {
      name,
      descr: blankToNull(body.descr),
      created_on: now,
      changed_on: now,
      created_by_fk: user.id,
      changed_by_fk: user.id,
    });
    return { id, result: { name, descr: blankToNull(body.descr) } };
  }

  async updateLayer(user: Principal, id: number, body: LayerUpdate): Promise<{ id: number; result: LayerUpdate }> {
    await this.layerRow(id);
    const set: Partial<LayerRow> = { changed_on: nowIso(), changed_by_fk: user.id };
    const result: LayerUpdate = {};
    if (body.name !== undefined) {
      set.name = result.name = this.checkedLayerName(body.name);
      await this.checkLayerNameFree(set.name, id);
    }
    if (body.descr !== undefined) set.descr = result.descr = blankToNull(body.descr);
    await setLayerFields(this.db, id, set);
    return { id, result };
  }

  /** Delete all of `ids` or none: an unknown id is a 404, a layer that holds annotations a 422. */
  async deleteLayers(ids: number[]): Promise<number> {
    const wanted = [...new Set(ids)];
    return this.db.transaction().execute(async (trx) => {
      const found = await layerIdsAmong(trx, wanted);
      if (found.length !== wanted.length) throw notFound(LAYER_NOT_FOUND);
      if (await layersHoldAnnotations(trx, wanted)) throw unprocessable('Annotation layer has associated annotations.');
      await deleteLayers(trx, wanted);
      return wanted.length;
    });
  }

  /** related/created_by and related/changed_by: users whose name contains `filter`. */
  async relatedUsers(q: Record<string, unknown>) {
    const filter = q.filter;
    if (filter !== undefined && (typeof filter !== 'string' || filter.length > 1000))
      throw invalidFields({ filter: ['Not a valid string.'] });
    const p = listParams({ page: q.page, page_size: q.page_size }, [], 20);
    const { count, rows } = await searchUsersByName(this.ctx.store.db, filter, p);
    return { count, result: rows.map((u) => ({ value: u.id, text: `${u.first_name} ${u.last_name}`, extra: {} })) };
  }

  // ---- annotations ----

  async listAnnotations(layerId: number, p: ListParams) {
    await this.layerRow(layerId);
    const filters: AnnotationFilter[] = p.filters.map((f) => {
      if ((f.col === 'short_descr' || f.col === 'long_descr') && (f.opr === 'ct' || f.opr === 'sw' || f.opr === 'ew'))
        return { kind: 'text', column: f.col, value: stringFilterValue(f), mode: f.opr };
      if (f.col === 'short_descr' && f.opr === 'annotation_all_text') return { kind: 'allText', value: stringFilterValue(f) };
      throw unsupportedFilter(f.col, f.opr);
    });
    const orderBy = p.orderColumn ? ANNOTATION_ORDER[p.orderColumn as keyof typeof ANNOTATION_ORDER] : 'a.start_dttm';
    const direction = p.orderColumn ? p.orderDirection : 'asc';
    const { count: n, rows } = await annotationPage(this.db, layerId, filters, { ref: orderBy, direction }, p);
    const users = await usersById(
      this.ctx.store.db,
      rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
    );
    const now = Date.now();
    return { count: Number(n), ids: rows.map((r) => r.id), result: rows.map((r) => this.presentAnnotation(r, users, now)) };
  }

  private presentAnnotation(r: AnnotationRow, users: Users, now: number) {
    return {
      id: r.id,
      short_descr: r.short_descr,
      long_descr: r.long_descr,
      start_dttm: shownDttm(r.start_dttm),
      end_dttm: shownDttm(r.end_dttm),
      json_metadata: r.json_metadata,
      changed_on_delta_humanized: humanizeDelta(r.changed_on, now),
      created_by: userRef(users, r.created_by_fk),
      changed_by: userRef(users, r.changed_by_fk),
    };
  }

  private async annotationRow(layerId: number, id: number): Promise<AnnotationRow> {
    await this.layerRow(layerId);
    const row = await annotationById(this.db, layerId, id);
    if (!row) throw notFound(ANNOTATION_NOT_FOUND);
    return row;
  }

  async getAnnotation(layerId: number, id: number) {
    const row = await this.annotationRow(layerId, id);
    const layer = await this.layerRow(layerId);
    const users = await usersById(this.ctx.store.db, [row.created_by_fk, row.changed_by_fk]);
    return { ...this.presentAnnotation(row, users, Date.now()), layer: { id: layer.id, name: layer.name } };
  }

  private checkedShortDescr(s: string): string {
    const trimmed = s.trim();
    if (!trimmed) throw invalidFields({ short_descr: ['Field cannot be empty.'] });
    if (trimmed.length > 500) throw invalidFields({ short_descr: ['Longer than maximum length 500.'] });
    return trimmed;
  }

  private async checkShortDescrFree(layerId: number, short: string, exceptId: number | null): Promise<void> {
    if (await shortDescrTaken(this.db, layerId, short, exceptId))
      throw invalidFields({ short_descr: ['Short description must be unique for this layer'] });
  }

  private checkedTimes(body: { start_dttm: string; end_dttm: string; json_metadata?: string | null }): { start: string; end: string } {
    const errors = annotationFieldErrors(body);
    if (Object.keys(errors).length) throw invalidFields(errors);
    return { start: storedDttm(body.start_dttm)!, end: storedDttm(body.end_dttm)! };
  }

  async createAnnotation(user: Principal, layerId: number, body: AnnotationWrite): Promise<{ id: number; result: AnnotationWrite }> {
    await this.layerRow(layerId);
    const short = this.checkedShortDescr(body.short_descr);
    const { start, end } = this.checkedTimes(body);
    await this.checkShortDescrFree(layerId, short, null);
    const now = nowIso();
    const id = await insertAnnotation(this.db, {
      layer_id: layerId,
      short_descr: short,
      long_descr: blankToNull(body.long_descr),
      start_dttm: start,
      end_dttm: end,
      json_metadata: blankToNull(body.json_metadata),
      created_on: now,
      changed_on: now,
      created_by_fk: user.id,
      changed_by_fk: user.id,
    });
    return {
      id,
      result: {
        short_descr: short,
        long_descr: blankToNull(body.long_descr),
        start_dttm: start,
        end_dttm: end,
        json_metadata: blankToNull(body.json_metadata),
      },
    };
  }

  async updateAnnotation(
    user: Principal,
    layerId: number,
    id: number,
    body: AnnotationUpdate,
  ): Promise<{ id: number; result: AnnotationUpdate }> {
    const current = await this.annotationRow(layerId, id);
    const set: Partial<AnnotationRow> = { changed_on: nowIso(), changed_by_fk: user.id };
    const result: AnnotationUpdate = {};
    if (body.short_descr !== undefined) {
      set.short_descr = result.short_descr = this.checkedShortDescr(body.short_descr);
      await this.checkShortDescrFree(layerId, set.short_descr, id);
    }
    if (body.start_dttm !== undefined || body.end_dttm !== undefined || body.json_metadata !== undefined) {
      const { start, end } = this.checkedTimes({
        start_dttm: body.start_dttm ?? current.start_dttm,
        end_dttm: body.end_dttm ?? current.end_dttm,
        json_metadata: body.json_metadata,
      });
      if (body.start_dttm !== undefined) set.start_dttm = result.start_dttm = start;
      if (body.end_dttm !== undefined) set.end_dttm = result.end_dttm = end;
    }
    if (body.long_descr !== undefined) set.long_descr = result.long_descr = blankToNull(body.long_descr);
    if (body.json_metadata !== undefined) set.json_metadata = result.json_metadata = blankToNull(body.json_metadata);
    await setAnnotationFields(this.db, id, set);
    return { id, result };
  }

  /** Delete all of `ids` of the layer or none: an id of another layer or none is a 404. */
  async deleteAnnotations(layerId: number, ids: number[]): Promise<number> {
    await this.layerRow(layerId);
    const wanted = [...new Set(ids)];
    return this.db.transaction().execute(async (trx) => {
      const found = await annotationIdsAmong(trx, layerId, wanted);
      if (found.length !== wanted.length) throw notFound(ANNOTATION_NOT_FOUND);
      await deleteAnnotations(trx, wanted);
      return wanted.length;
    });
  }

  // ---- chart data ----

  /**
   * `annotation_data` of a chart query for its NATIVE layers: per layer name, the columns and the
   * records of the layer's annotations that overlap the query's time range (times in epoch ms, as
   * chart data's times are). Layers that do not exist, or a user who may not read annotations, add
   * nothing.
   */
  async nativeAnnotationData(
    user: Principal,
    layers: NativeLayerRef[],
    bounds: { since: Date | null; until: Date | null },
  ): Promise<Record<string, { columns: string[]; records: Record<string, unknown>[] }>> {
    if (!layers.length || !user.can('can_read', 'Annotation')) return {};
    const ids = [...new Set(layers.map((l) => l.layerId))];
    // stored times sort as text: the same cut as overlapsRange, done by the store
    const rows = (
      await annotationsOfLayers(this.db, ids, {
        since: bounds.since ? bounds.since.toISOString().slice(0, 19) : null,
        until: bounds.until ? bounds.until.toISOString().slice(0, 19) : null,
      })
    ).filter((r) => overlapsRange(r, bounds.since, bounds.until));
    const columns = ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'];
    const out: Record<string, { columns: string[]; records: Record<string, unknown>[] }> = {};
    for (const layer of layers) {
      out[layer.name] = {
        columns,
        records: rows
          .filter((r) => r.layer_id === layer.layerId)
          .map((r) => ({
            start_dttm: storedDttmMs(r.start_dttm),
            end_dttm: storedDttmMs(r.end_dttm),
            short_descr: r.short_descr,
            long_descr: r.long_descr,
            json_metadata: r.json_metadata,
          })),
      };
    }
    return out;
  }
}
