/**
 * POST /api/v1/dashboard/import/: a bundle of dashboard YAML files with their charts, datasets and
 * databases, as exported by Rama or the BI server. Dashboards are matched on uuid and replaced only
 * with `overwrite` (and only by those who may edit them); charts here already are used as they are,
 * the others are created through the chart import (which creates missing datasets and databases).
 * With `overwrite` every asset of the bundle the user sees here is replaced too (the BI server's
 * rule): its charts, their datasets, the native filters' datasets and the databases' settings; one
 * the user may not edit refuses the whole import before anything is written.
 * The layout finds its charts by uuid (a chart that is neither here nor in the bundle leaves the
 * layout, and so does one here that the importer may not see) and every chart id in the metadata
 * follows; native filters find their datasets by uuid (one here that the importer may not read
 * counts as missing, as a hidden chart does).
 * Legacy charts (issue 31 item 2): filter boxes become the dashboard's native filters and leave
 * the layout, markup, separator and iframe charts become Markdown components (neither is created
 * as a chart); the chart import stores the other legacy types migrated. The reply lists them.
 * Everything about the dashboards is checked before anything is written.
 */
import { CHART_TYPE, dashboardTitle, normalizeSlug } from '@rama/shared';
import type { AppContext } from '../context.js';
import { flag, nowIso } from '../metadata/db.js';
import type { Principal } from '../security/principal.js';
import { type BundleDocs, checkAssetDoc, configsUnder, docOf, type FileErrors, type Kind, readDatasetConfig } from '../transfer/bundle.js';
import { DATASET_BUNDLE_TYPE, EXPORT_VERSION } from '../transfer/export.js';
import type { ImportOptions } from '../transfer/import-report.js';
import { checkImportMetadata, importError, noValidCommand } from '../transfer/import-errors.js';
import { DatasetImporter } from '../datasets/import.js';
import { DatasetService } from '../datasets/service.js';
import { datasetScope, inScope } from '../access/datasets.js';
import { CHART_BUNDLE_TYPE } from '../charts/chart-export.js';
import { ChartImporter, NO_DATASET_PERMISSION, readChartConfig } from '../charts/chart-import.js';
import { canEditDashboard } from '../access/dashboards.js';
import {
  convertLegacyLayout,
  nativeFilterDatasetIds,
  nativeFilterDatasetUuids,
  nativeFiltersById,
  remapMetadataChartIds,
  resolveLayoutUuids,
  type LegacyLayoutChart,
  type LegacyLayoutConversion,
  type Position,
} from './chartRefs.js';
import { chartsUserSees, checkMetadata, checkPositionShape, layoutChartIds } from './checks.js';
import { DASHBOARD_BUNDLE_TYPE } from './export.js';
import type { DashboardService } from './service.js';
import { addOwners, ownersOf } from '../metadata/repos/owners.js';
import { chartIdsByUuid, chartsByUuids } from '../metadata/repos/charts.js';
import {
  dashboardChartIds,
  dashboardIdByUuid,
  dashboardMetadataText,
  insertDashboard,
  slugInUse,
  syncDashboardCharts,
  updateDashboardRow,
} from '../metadata/repos/dashboards.js';
import { databaseRefs, datasetsByUuids } from '../metadata/repos/datasources.js';

export const DASHBOARD_ALREADY_EXISTS = 'Dashboard already exists and `overwrite=true` was not passed';
export const NO_DASHBOARD_OVERWRITE_PERMISSION = "A dashboard already exists and user doesn't have permissions to overwrite it";
export const NO_CHART_PERMISSION = "Chart doesn't exist and user doesn't have permission to create charts";

const DASHBOARD_FIELDS: Record<string, [Kind, 'required' | 'optional']> = {
  dashboard_title: ['string', 'required'],
  uuid: ['uuid', 'required'],
  version: ['string', 'required'],
  position: ['json', 'optional'],
  metadata: ['json', 'optional'],
  css: ['string', 'optional'],
  slug: ['string', 'optional'],
  description: ['string', 'optional'],
  certified_by: ['string', 'optional'],
  certification_details: ['string', 'optional'],
  published: ['boolean', 'optional'],
  is_managed_externally: ['boolean', 'optional'],
  external_url: ['string', 'optional'],
};

export interface DashboardConfig {
  dashboard_title: string;
  uuid: string;
  css: string | null;
  slug: string | null;
  description: string | null;
  certified_by: string | null;
  certification_details: string | null;
  published: boolean;
  is_managed_externally: boolean;
  external_url: string | null;
  /** the layout, its charts named by uuid; null when the bundle has none */
  position: Position | null;
  metadata: Record<string, unknown>;
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A stored json_metadata as an object ({} when it is empty or not an object). */
function parseMetadata(stored: string | null | undefined): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(stored || '{}');
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A dashboard YAML as a config, or the field problems that keep it from being one. */
export function readDashboardConfig(doc: unknown): { config: DashboardConfig } | { errors: Record<string, string[]> } {
  const checked = checkAssetDoc(doc, DASHBOARD_FIELDS);
  if (!('rec' in checked)) return checked;
  const { rec, errors } = checked;
  if (typeof rec.dashboard_title === 'string' && rec.dashboard_title.length > 500)
    errors.dashboard_title = ['Longer than maximum length 500.'];
  const position = errors.position ? null : checkPositionShape(rec.position);
  if (position && 'errors' in position) errors.position = position.errors;
  const metadata = errors.metadata ? null : checkMetadata(rec.metadata);
  if (metadata && 'errors' in metadata) errors.metadata = metadata.errors;
  if (Object.keys(errors).length || !position || 'errors' in position || !metadata || 'errors' in metadata) return { errors };
  return {
    config: {
      dashboard_title: dashboardTitle(rec.dashboard_title as string),
      uuid: String(rec.uuid).toLowerCase(),
      css: text(rec.css),
      slug: normalizeSlug(text(rec.slug)),
      description: text(rec.description),
      certified_by: text(rec.certified_by) || null,
      certification_details: text(rec.certification_details) || null,
      published: rec.published === true,
      is_managed_externally: rec.is_managed_externally === true,
      external_url: text(rec.external_url) || null,
      position: position.position,
      metadata: metadata.value?.metadata ?? {},
    },
  };
}

/** The chart uuids a bundled layout names. */
function layoutUuids(position: Position | null): string[] {
  if (!position) return [];
  const out: string[] = [];
  for (const item of Object.values(position)) {
    const component = (item && typeof item === 'object' ? item : {}) as { type?: unknown; meta?: { uuid?: unknown } };
    const uuid = component.type === CHART_TYPE ? component.meta?.uuid : undefined;
    if (typeof uuid === 'string') out.push(uuid.toLowerCase());
  }
  return out;
}

/** The legacy chart types a dashboard import takes out of the layout (`convertLegacyLayout`). */
const LEGACY_LAYOUT_TYPES = new Set(['filter_box', 'markup', 'separator', 'iframe']);

interface Planned {
  config: DashboardConfig;
  existing: { id: number } | null;
}

export class DashboardImporter {
  private readonly errors: FileErrors = {};

  constructor(
    private readonly ctx: AppContext,
    private readonly service: DashboardService,
    private readonly user: Principal,
  ) {}

  private get db() {
    return this.ctx.store.db;
  }

  async run(contents: BundleDocs, opts: ImportOptions): Promise<void> {
    checkImportMetadata(contents, DASHBOARD_BUNDLE_TYPE, this.errors);
    const planned = await this.plan(contents, opts);
    // filter boxes become native filters, markup charts Markdown: before the charts are looked up,
    // so the charts they were are neither linked nor created
    const conversions = this.convertLegacyCharts(contents, planned);

    // the charts the layouts name: here already, else created from the bundle. A chart here that
    // the user may not see is never linked (a layout could name any uuid): it leaves the layout
    // as a missing chart does, unless it is on the dashboard being replaced already
    const wanted = [...new Set(planned.flatMap((p) => layoutUuids(p.config.position)))];
    const here = await chartsByUuids(this.db, wanted);
    const seen = await chartsUserSees(this.db, this.user, here);
    const hidden = new Set(here.filter((c) => !seen.has(c.id)).map((c) => c.id));
    const local = new Set(here.map((c) => c.uuid));
    const chartFiles = this.bundled(contents, 'charts/', (doc) => {
      const r = readChartConfig(doc);
      return 'config' in r ? r.config.uuid : null;
    });
    const newCharts = wanted.filter((u) => !local.has(u) && chartFiles.has(u)).map((u) => chartFiles.get(u) as string);
    if (newCharts.length && !this.user.can('can_write', 'Chart')) for (const f of newCharts) this.errors[f] = NO_CHART_PERMISSION;
    // with `overwrite` the bundle's version of each chart here the user sees replaces it (the chart
    // import refuses one they may not edit); a hidden one is never touched
    const replacedCharts = opts.overwrite
      ? here.filter((c) => seen.has(c.id) && chartFiles.has(c.uuid)).map((c) => chartFiles.get(c.uuid) as string)
      : [];

    // the datasets native filters read: here already, else created from the bundle
    const filterDatasets = [...new Set(planned.flatMap((p) => nativeFilterDatasetUuids(p.config.metadata)))];
    const datasetFiles = this.bundled(contents, 'datasets/', (doc) => {
      const r = readDatasetConfig(doc);
      return 'config' in r ? r.config.uuid : null;
    });
    const filters = await this.planFilterDatasets(filterDatasets, datasetFiles, opts);
    if (Object.keys(this.errors).length) throw importError('Error importing dashboard', this.errors);
    if (!planned.length) throw noValidCommand();

    // the charts, their datasets and the filters' datasets in one import: every check of the
    // nested imports runs before any of them writes
    const charts = [...newCharts, ...replacedCharts];
    if (charts.length) {
      const sub = this.subBundle(contents, CHART_BUNDLE_TYPE, charts);
      for (const file of datasetFiles.values()) sub[file] = contents[file];
      await new ChartImporter(this.ctx, this.user).run(sub, opts, filters.files);
    } else if (filters.files.length) {
      const sub = this.subBundle(contents, DATASET_BUNDLE_TYPE, filters.files);
      await new DatasetImporter(this.ctx, new DatasetService(this.ctx), this.user).run(sub, opts);
    }
    const datasets = { ids: await filters.ids(), hidden: filters.hidden };
    const chartIds = await chartIdsByUuid(this.db, wanted);
    await this.write(planned, chartIds, datasets, hidden, opts.report);
    for (const [dashboardUuid, list] of conversions)
      for (const { kind, ...c } of list) opts.report.convert({ type: 'chart', kind, ...c, to: kind, dashboard_uuid: dashboardUuid });
  }

  /**
   * Each planned dashboard without its legacy layout charts (`convertLegacyLayout`: filter boxes
   * as native filters, markup, separator and iframe charts as Markdown), as the bundle's chart
   * files describe them. The filter box charts themselves are not created: the BI server's native
   * filter upgrade takes them off the dashboard and its cleanup deletes them. Answers the
   * conversions by dashboard uuid.
   */
  private convertLegacyCharts(contents: BundleDocs, planned: Planned[]): Map<string, LegacyLayoutConversion[]> {
    const legacy = new Map<string, LegacyLayoutChart>();
    for (const [file, read] of Object.entries(contents)) {
      if (!file.startsWith('charts/')) continue;
      try {
        const r = readChartConfig(docOf(read));
        if (!('config' in r) || !LEGACY_LAYOUT_TYPES.has(r.config.viz_type)) continue;
        const params = parseMetadata(typeof r.config.params === 'string' ? r.config.params : JSON.stringify(r.config.params ?? {}));
        legacy.set(r.config.uuid, {
          name: r.config.slice_name,
          formData: { ...params, viz_type: r.config.viz_type },
          datasetUuid: r.config.dataset_uuid,
        });
      } catch {
        // reported by the chart import when the chart is needed
      }
    }
    const out = new Map<string, LegacyLayoutConversion[]>();
    if (!legacy.size) return out;
    for (const p of planned) {
      if (!p.config.position) continue;
      const converted = convertLegacyLayout(p.config.position, p.config.metadata, legacy);
      if (!converted.conversions.length) continue;
      p.config = { ...p.config, position: converted.position, metadata: converted.metadata };
      out.set(p.config.uuid, converted.conversions);
    }
    return out;
  }

  /** Read and check every dashboard file: config problems, and whether it may be created or replaced. */
  private async plan(contents: BundleDocs, opts: ImportOptions): Promise<Planned[]> {
    const planned: Planned[] = [];
    for (const [file, config] of configsUnder(contents, 'dashboards/', readDashboardConfig, this.errors)) {
      const existingId = await dashboardIdByUuid(this.db, config.uuid);
      const existing = existingId === undefined ? null : { id: existingId };
      if (existing && !opts.overwrite) this.errors[file] = DASHBOARD_ALREADY_EXISTS;
      else if (existing && !canEditDashboard(this.user, await ownersOf(this.db, 'dashboard', existing.id)))
        this.errors[file] = NO_DASHBOARD_OVERWRITE_PERMISSION;
      else planned.push({ config, existing });
    }
    return planned;
  }

  /** The bundle's files under `folder` by the uuid `uuidOf` reads from each (unreadable ones are the sub-import's to report). */
  private bundled(contents: BundleDocs, folder: string, uuidOf: (doc: unknown) => string | null): Map<string, string> {
    const out = new Map<string, string>();
    for (const [file, read] of Object.entries(contents)) {
      if (!file.startsWith(folder)) continue;
      try {
        const uuid = uuidOf(docOf(read));
        if (uuid) out.set(uuid, file);
      } catch {
        // reported by the import that needs the file
      }
    }
    return out;
  }

  /** A bundle of `type` holding `files` and every database of the upload. */
  private subBundle(contents: BundleDocs, type: string, files: string[]): BundleDocs {
    const sub: BundleDocs = { 'metadata.yaml': { doc: { version: EXPORT_VERSION, type, timestamp: new Date().toISOString() } } };
    for (const file of files) sub[file] = contents[file];
    for (const [file, read] of Object.entries(contents)) if (file.startsWith('databases/')) sub[file] = read;
    return sub;
  }

  /**
   * The native filters' datasets by uuid: those here that the user may read, plus those the bundle
   * brings (created by the import, or with `overwrite` replacing the ones here). One here that the
   * user may not read is answered as a missing one: no dataset for the target, and never created or
   * replaced from the bundle (its uuid is taken), unless the dashboard being replaced reads it
   * already (see `write`); `hidden` holds their ids. A dataset to create without the right to
   * create datasets is recorded as the file's problem.
   */
  private async planFilterDatasets(
    uuids: string[],
    files: Map<string, string>,
    opts: ImportOptions,
  ): Promise<{ files: string[]; hidden: Set<number>; ids: () => Promise<Map<string, number>> }> {
    const find = () => datasetsByUuids(this.db, uuids);
    const rows = await find();
    const scope = datasetScope(this.user, await databaseRefs(this.db));
    const hidden = new Set(rows.filter((d) => !inScope(scope, d)).map((d) => d.id));
    const here = new Set(rows.map((d) => d.uuid));
    const missing = uuids.filter((u) => !here.has(u) && files.has(u));
    if (missing.length && !this.user.can('can_write', 'Dataset')) this.errors[files.get(missing[0]) as string] = NO_DATASET_PERMISSION;
    // with `overwrite` the bundle's version replaces one here (not for those who may not write
    // datasets, as the chart import does; the dataset import refuses one the user may not edit)
    const replaced =
      opts.overwrite && this.user.can('can_write', 'Dataset')
        ? rows.filter((d) => !hidden.has(d.id) && files.has(d.uuid)).map((d) => d.uuid)
        : [];
    const ids = async () => new Map((missing.length ? await find() : rows).map((d) => [d.uuid, d.id]));
    return { files: [...missing, ...replaced].map((u) => files.get(u) as string), hidden, ids };
  }

  private async write(
    planned: Planned[],
    chartIds: Map<string, number>,
    datasets: { ids: Map<string, number>; hidden: ReadonlySet<number> },
    hiddenCharts: ReadonlySet<number>,
    report: ImportOptions['report'],
  ): Promise<void> {
    const now = nowIso();
    // a dashboard replaced without a history keeps its state from before the import as version 1
    for (const { existing } of planned) if (existing) await this.ctx.versions.baseline('dashboard', existing.id);
    const written = await this.db.transaction().execute(async (trx) => {
      const slugs = new Set<string>();
      const rows: { id: number; uuid: string; name: string; updated: boolean }[] = [];
      for (const { config, existing } of planned) {
        // hidden charts and datasets stay only where the dashboard being replaced has them already
        const read = existing ? await dashboardMetadataText(trx, existing.id) : undefined;
        const filtered = new Set(nativeFilterDatasetIds(parseMetadata(read)));
        const datasetIds = new Map([...datasets.ids].filter(([, id]) => !datasets.hidden.has(id) || filtered.has(id)));
        const linked = existing ? new Set(await dashboardChartIds(trx, existing.id)) : new Set<number>();
        const usable = new Map([...chartIds].filter(([, id]) => !hiddenCharts.has(id) || linked.has(id)));
        const resolved = config.position ? resolveLayoutUuids(config.position, usable) : null;
        const metadata = nativeFiltersById(
          remapMetadataChartIds(config.metadata, resolved?.ids ?? new Map(), { dropUnknown: true }),
          datasetIds,
        );
        // a slug another dashboard here holds is dropped: the dashboard still opens by its id
        let slug = config.slug;
        if (slug !== null) {
          if (slugs.has(slug) || (await slugInUse(trx, slug, existing?.id))) slug = null;
          else slugs.add(slug);
        }
        const fields = {
          dashboard_title: config.dashboard_title,
          slug,
          position_json: resolved ? JSON.stringify(resolved.position) : null,
          json_metadata: JSON.stringify(metadata),
          css: config.css,
          description: config.description,
          published: flag(config.published),
          certified_by: config.certified_by,
          certification_details: config.certification_details,
          is_managed_externally: flag(config.is_managed_externally),
          external_url: config.external_url,
          changed_on: now,
          changed_by_fk: this.user.id,
        };
        let id: number;
        if (existing) {
          id = existing.id;
          await updateDashboardRow(trx, id, fields);
        } else {
          id = await insertDashboard(trx, { ...fields, uuid: config.uuid, created_on: now, created_by_fk: this.user.id });
          await addOwners(trx, 'dashboard', id, [this.user.id]);
        }
        await syncDashboardCharts(trx, id, resolved ? layoutChartIds(resolved.position) : []);
        rows.push({ id, uuid: config.uuid, name: config.dashboard_title, updated: existing !== null });
      }
      return rows;
    });
    for (const { updated, name, ...row } of written) {
      await this.ctx.versions.recordImported('dashboard', row.id, this.user, !updated);
      if (updated) report.update('dashboard', row, name);
      else report.create('dashboard', row, name);
    }
  }
}
