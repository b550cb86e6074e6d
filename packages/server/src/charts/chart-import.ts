/**
 * POST /api/v1/chart/import/: a bundle of chart YAML files with their datasets and databases, as
 * exported by Rama or the BI server. Charts are matched on uuid and replaced only with
 * `overwrite` (a chart here that the importer may not see is refused as one they may not
 * overwrite); a chart's dataset is the local one with its uuid, else the bundle's (created by the
 * dataset import). With `overwrite` the bundle's datasets (and their databases' settings) replace
 * the ones here too, as the BI server overwrites every asset of a bundle; one the user may not edit
 * refuses the import. A legacy chart type with a migration is stored as its current type
 * (`storedChart`). Everything about the charts is checked before anything is written.
 */
import { migrateLegacyFormData } from '@rama/shared';
import type { AppContext } from '../context.js';
import { flag, nowIso } from '../metadata/db.js';
import type { Principal } from '../security/principal.js';
import {
  type BundleDocs,
  checkAssetDoc,
  configsUnder,
  docOf,
  type FileErrors,
  jsonText,
  type Kind,
  readDatasetConfig,
} from '../transfer/bundle.js';
import { DATASET_BUNDLE_TYPE, EXPORT_VERSION } from '../transfer/export.js';
import type { ImportOptions } from '../transfer/import-report.js';
import { checkImportMetadata, importError, noValidCommand } from '../transfer/import-errors.js';
import { DatasetImporter, NO_OVERWRITE_PERMISSION } from '../datasets/import.js';
import { canEditDataset } from '../access/datasets.js';
import { DatasetService } from '../datasets/service.js';
import { canOverwriteChart, canReadChartDataset, type SliceRow } from '../access/charts.js';
import { CHART_BUNDLE_TYPE } from './chart-export.js';
import { addOwners, ownersOf } from '../metadata/repos/owners.js';
import { chartByUuid, insertChart, updateChartRow } from '../metadata/repos/charts.js';
import { datasetIdByUuid, datasetIdsByUuid } from '../metadata/repos/datasources.js';

export const CHART_ALREADY_EXISTS = 'Chart already exists and `overwrite=true` was not passed';
export const NO_CHART_OVERWRITE_PERMISSION = "A chart already exists and user doesn't have permissions to overwrite it";
export const NO_DATASET_PERMISSION = "Dataset doesn't exist and user doesn't have permission to create datasets";

const CHART_FIELDS: Record<string, [Kind, 'required' | 'optional']> = {
  slice_name: ['string', 'required'],
  viz_type: ['string', 'required'],
  uuid: ['uuid', 'required'],
  version: ['string', 'required'],
  dataset_uuid: ['uuid', 'required'],
  description: ['string', 'optional'],
  certified_by: ['string', 'optional'],
  certification_details: ['string', 'optional'],
  params: ['json', 'optional'],
  query_context: ['json', 'optional'],
  cache_timeout: ['integer', 'optional'],
  is_managed_externally: ['boolean', 'optional'],
  external_url: ['string', 'optional'],
};

export interface ChartConfig {
  slice_name: string;
  viz_type: string;
  uuid: string;
  dataset_uuid: string;
  description?: string | null;
  certified_by?: string | null;
  certification_details?: string | null;
  params?: unknown;
  query_context?: unknown;
  cache_timeout?: number | null;
  is_managed_externally?: boolean | null;
  external_url?: string | null;
}

/** A chart YAML as a config, or the field problems that keep it from being one. */
export function readChartConfig(doc: unknown): { config: ChartConfig } | { errors: Record<string, string[]> } {
  const checked = checkAssetDoc(doc, CHART_FIELDS);
  if (!('rec' in checked)) return checked;
  const { rec, errors } = checked;
  if (typeof rec.slice_name === 'string' && (rec.slice_name.trim() === '' || rec.slice_name.length > 250))
    errors.slice_name = ['Length must be between 1 and 250.'];
  if (Object.keys(errors).length) return { errors };
  return {
    config: {
      ...(rec as unknown as ChartConfig),
      uuid: String(rec.uuid).toLowerCase(),
      dataset_uuid: String(rec.dataset_uuid).toLowerCase(),
    },
  };
}

function asObject(v: unknown): Record<string, unknown> | null {
  let value = v;
  if (typeof v === 'string') {
    try {
      value = JSON.parse(v);
    } catch {
      return null;
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The chart's form data and query context pointed at the dataset it now reads. */
export function repointChart(config: ChartConfig, datasetId: number): { params: string; query_context: string | null } {
  const params = { ...(asObject(config.params) ?? {}), datasource: `${datasetId}__table` };
  const qc = asObject(config.query_context);
  if (!qc) return { params: JSON.stringify(params), query_context: jsonText(config.query_context) };
  const formData = asObject(qc.form_data);
  const moved = {
    ...qc,
    datasource: { id: datasetId, type: 'table' },
    ...(formData ? { form_data: { ...formData, datasource: `${datasetId}__table` } } : {}),
  };
  return { params: JSON.stringify(params), query_context: JSON.stringify(moved) };
}

/**
 * The chart as it is stored here: its form data and query context pointed at the dataset it now
 * reads and, for a legacy type with a migration, migrated to the current type (the old form data
 * kept under `form_data_bak`, no query context: it was built for the old type). Retired types are
 * stored as they are (they open with the retired message). `migratedFrom` names the legacy type.
 */
export function storedChart(
  config: ChartConfig,
  datasetId: number,
): { viz_type: string; params: string; query_context: string | null; migratedFrom: string | null } {
  const pointed = repointChart(config, datasetId);
  const params = JSON.parse(pointed.params) as Record<string, unknown>;
  const migration = migrateLegacyFormData({ ...params, viz_type: config.viz_type });
  if (!migration) return { viz_type: config.viz_type, ...pointed, migratedFrom: null };
  return { viz_type: migration.to, params: JSON.stringify(migration.formData), query_context: null, migratedFrom: migration.from };
}

interface PlannedChart {
  config: ChartConfig;
  existing: SliceRow | null;
}

export class ChartImporter {
  private readonly errors: FileErrors = {};

  constructor(
    private readonly ctx: AppContext,
    private readonly user: Principal,
  ) {}

  private get db() {
    return this.ctx.store.db;
  }

  /** `extraDatasets`: bundle dataset files to import with the charts' (a dashboard's native filters'). */
  async run(contents: BundleDocs, opts: ImportOptions, extraDatasets: readonly string[] = []): Promise<void> {
    checkImportMetadata(contents, CHART_BUNDLE_TYPE, this.errors);
    const charts = this.readCharts(contents);
    // the bundle's datasets by uuid, to create the ones missing here
    const bundled = new Map<string, string>();
    for (const [file, read] of Object.entries(contents)) {
      if (!file.startsWith('datasets/')) continue;
      try {
        const r = readDatasetConfig(docOf(read));
        if ('config' in r) bundled.set(r.config.uuid, file);
      } catch {
        // reported by the dataset import when the dataset is needed
      }
    }
    const planned: PlannedChart[] = [];
    const needed = new Set<string>();
    for (const [file, config] of charts) {
      const problem = await this.datasetProblem(config, bundled, needed, opts.overwrite);
      if (problem) {
        this.errors[file] = problem;
        continue;
      }
      const existing = (await chartByUuid(this.db, config.uuid)) ?? null;
      const owners = existing ? await ownersOf(this.db, 'chart', existing.id) : [];
      // a chart the user may not see answers one message, with or without overwrite, whatever it
      // is (its owners, its dataset), and is never touched: "already exists" would differ from
      // "may not overwrite" only by a flag the caller chose, so the refusal is always the latter
      if (existing && !(await this.sees(existing, owners))) this.errors[file] = NO_CHART_OVERWRITE_PERMISSION;
      else if (existing && !opts.overwrite) this.errors[file] = CHART_ALREADY_EXISTS;
      else if (existing && !canOverwriteChart(this.user, owners)) this.errors[file] = NO_CHART_OVERWRITE_PERMISSION;
      else planned.push({ config, existing });
    }
    if (Object.keys(this.errors).length) throw importError('Error importing chart', this.errors);
    if (!planned.length) throw noValidCommand();

    const datasetFiles = new Set([...[...needed].map((uuid) => bundled.get(uuid) as string), ...extraDatasets]);
    if (datasetFiles.size) await this.importDatasets(contents, [...datasetFiles], opts);
    const uuids = [...new Set(planned.map((p) => p.config.dataset_uuid))];
    const datasets = await datasetIdsByUuid(this.db, uuids);
    // a chart replaced without a history keeps its state from before the import as version 1
    for (const { existing } of planned) if (existing) await this.ctx.versions.baseline('chart', existing.id);
    const written = await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const rows: { id: number; uuid: string; name: string; updated: boolean; from: string | null; to: string }[] = [];
      for (const { config, existing } of planned) {
        const datasetId = datasets.get(config.dataset_uuid) as number;
        const { migratedFrom, ...stored } = storedChart(config, datasetId);
        const fields = {
          slice_name: config.slice_name,
          ...stored,
          datasource_id: datasetId,
          datasource_type: 'table',
          description: config.description ?? null,
          cache_timeout: config.cache_timeout ?? null,
          certified_by: config.certified_by ?? null,
          certification_details: config.certification_details ?? null,
          is_managed_externally: flag(config.is_managed_externally),
          external_url: config.external_url ?? null,
          changed_on: now,
          changed_by_fk: this.user.id,
        };
        if (existing) {
          await updateChartRow(trx, existing.id, fields);
          rows.push({
            id: existing.id,
            uuid: existing.uuid,
            name: config.slice_name,
            updated: true,
            from: migratedFrom,
            to: stored.viz_type,
          });
          continue;
        }
        const id = await insertChart(trx, { ...fields, uuid: config.uuid, created_on: now, created_by_fk: this.user.id });
        await addOwners(trx, 'chart', id, [this.user.id]);
        rows.push({ id, uuid: config.uuid, name: config.slice_name, updated: false, from: migratedFrom, to: stored.viz_type });
      }
      return rows;
    });
    for (const { updated, name, from, to, ...row } of written) {
      await this.ctx.versions.recordImported('chart', row.id, this.user, !updated);
      if (updated) opts.report.update('chart', row, name);
      else opts.report.create('chart', row, name);
      if (from) opts.report.convert({ type: 'chart', kind: 'chart_type', uuid: row.uuid, id: row.id, name, from, to });
    }
  }

  private readCharts(contents: BundleDocs): Map<string, ChartConfig> {
    return configsUnder(contents, 'charts/', readChartConfig, this.errors);
  }

  /** May the user see this chart here (the rule of `visibleChart`: admins, owners, readers of its dataset). */
  private async sees(chart: SliceRow, owners: number[]): Promise<boolean> {
    return this.user.isAdmin || owners.includes(this.user.id) || canReadChartDataset(this.ctx, this.user, chart);
  }

  /**
   * Why the chart's dataset cannot be used, or null; a dataset to create (or, with `overwrite`, to
   * replace from the bundle) is added to `needed`.
   */
  private async datasetProblem(
    config: ChartConfig,
    bundled: Map<string, string>,
    needed: Set<string>,
    overwrite: boolean,
  ): Promise<string | null> {
    const localId = await datasetIdByUuid(this.db, config.dataset_uuid);
    const local = localId === undefined ? undefined : { id: localId };
    if (local) {
      if (!(await canReadChartDataset(this.ctx, this.user, { datasource_id: local.id }))) return 'Dataset does not exist';
      // the bundle's version replaces it with `overwrite` (the BI server's rule: those without the
      // right to write datasets use it as it is; those with it must be allowed to edit this one)
      if (!overwrite || !bundled.has(config.dataset_uuid) || !this.user.can('can_write', 'Dataset')) return null;
      // refused under the dataset's file: the whole import stops before anything is written
      if (!canEditDataset(this.user, await ownersOf(this.db, 'dataset', local.id)))
        this.errors[bundled.get(config.dataset_uuid) as string] = NO_OVERWRITE_PERMISSION;
      else needed.add(config.dataset_uuid);
      return null;
    }
    if (!bundled.has(config.dataset_uuid)) return 'Dataset does not exist';
    if (!this.user.can('can_write', 'Dataset')) return NO_DATASET_PERMISSION;
    needed.add(config.dataset_uuid);
    return null;
  }

  /** The missing (or, with `overwrite`, replaced) datasets and their databases through the dataset import, as its own bundle. */
  private async importDatasets(contents: BundleDocs, datasetFiles: string[], opts: ImportOptions): Promise<void> {
    const sub: BundleDocs = {
      'metadata.yaml': { doc: { version: EXPORT_VERSION, type: DATASET_BUNDLE_TYPE, timestamp: new Date().toISOString() } },
    };
    for (const file of datasetFiles) sub[file] = contents[file];
    for (const [file, read] of Object.entries(contents)) if (file.startsWith('databases/')) sub[file] = read;
    await new DatasetImporter(this.ctx, new DatasetService(this.ctx), this.user).run(sub, opts);
  }
}
