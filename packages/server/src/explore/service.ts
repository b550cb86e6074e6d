import { hasLegacyMigration, migrateLegacyFormData, type ExploreBootstrap, type ExploreDatasource, type ExploreSlice } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { HttpError, notFound } from '../http/errors.js';
import { visibleChart, type VisibleChart } from '../access/charts.js';
import { DatasetService } from '../datasets/service.js';
import { loadExploreDatasource } from '../datasets/metadata.js';
import { chartIfVisible, datasetIdOf, datasetIdOfFormData } from './access.js';
import type { ExploreFormDataService } from './formData.js';
import type { ExplorePermalinkService } from './permalink.js';
import { chartFormData, datasourceKey, legacyOpenedMessage, parseJsonObject, presentExploreSlice } from './present.js';
import { userRefs } from '../metadata/repos/users.js';
import { dashboardsOfChart } from '../metadata/repos/datasets.js';

export const DATASET_MISSING_MESSAGE = 'Dataset does not exist';
export const FORM_DATA_MISSING_CHART = 'Form data not found in cache, reverting to chart metadata.';
export const FORM_DATA_MISSING_DATASET = 'Form data not found in cache, reverting to dataset metadata.';

/** What GET /api/v1/explore/ may be asked for. */
export interface BootstrapQuery {
  slice_id?: number;
  datasource_id?: number;
  datasource_type?: string;
  form_data_key?: string;
  permalink_key?: string;
  viz_type?: string;
}

/** The form data Explore opens with, where it came from and the chart it belongs to. */
interface Start {
  formData: Record<string, unknown>;
  chart: VisibleChart | null;
  message: string | null;
}

/**
 * The Explore bootstrap: one call that gives the page its form data, its saved chart and its
 * dataset, from a chart id, a datasource, an unsaved-state key or a permalink (in that order of
 * precedence: permalink, then form data key, then chart, then datasource).
 */
export class ExploreService {
  private readonly datasets: DatasetService;

  constructor(
    private readonly ctx: AppContext,
    private readonly formData: ExploreFormDataService,
    private readonly permalinks: ExplorePermalinkService,
  ) {
    this.datasets = new DatasetService(ctx);
  }

  /** A key's form data laid over its chart's (the key holds the user's changes), as the BI server merges them. */
  private async overChart(user: Principal, formData: Record<string, unknown>, chartId: number | null): Promise<Start> {
    const chart = chartId !== null ? await chartIfVisible(this.ctx, user, chartId) : null;
    return { formData: chart ? { ...chartFormData(chart.row), ...formData } : formData, chart, message: null };
  }

  private async start(user: Principal, q: BootstrapQuery): Promise<Start | null> {
    if (q.permalink_key !== undefined) {
      const value = await this.permalinks.get(user, q.permalink_key);
      const formData = { ...value.state.formData };
      if (value.state.urlParams?.length) formData.url_params = Object.fromEntries(value.state.urlParams);
      return this.overChart(user, formData, value.chartId);
    }
    let message: string | null = null;
    if (q.form_data_key !== undefined) {
      // the user's own state: a dataset hidden since then shows as missing, like a chart's
      const entry = await this.formData.find(user, q.form_data_key);
      const formData = entry ? parseJsonObject(entry.form_data) : null;
      if (entry && formData) {
        const chartId = entry.chart_id ?? (typeof formData.slice_id === 'number' ? formData.slice_id : null);
        return this.overChart(user, formData, chartId);
      }
      // an expired key still opens what the address names besides it
      if (q.slice_id !== undefined) message = FORM_DATA_MISSING_CHART;
      else if (q.datasource_id !== undefined) message = FORM_DATA_MISSING_DATASET;
      else throw notFound();
    }
    if (q.slice_id !== undefined) {
      const chart = await visibleChart(this.ctx, user, q.slice_id);
      return { formData: chartFormData(chart.row), chart, message };
    }
    if (q.datasource_id !== undefined) {
      const formData = {
        datasource: datasourceKey(q.datasource_id, q.datasource_type ?? 'table'),
        viz_type: q.viz_type || this.ctx.config.defaultVizType,
      };
      return { formData, chart: null, message };
    }
    return null;
  }

  private async slice(chart: VisibleChart): Promise<ExploreSlice> {
    const db = this.ctx.store.db;
    const id = chart.row.id;
    const [owners, dashboards] = await Promise.all([userRefs(db, chart.ownerIds), dashboardsOfChart(db, id)]);
    return presentExploreSlice(chart.row, owners, dashboards);
  }

  /** The dataset, or null when it is gone or hidden from the user (the page then says so). */
  private async dataset(user: Principal, datasetId: number | null): Promise<ExploreDatasource | null> {
    if (datasetId === null) return null;
    try {
      return await loadExploreDatasource(this.ctx, this.datasets, user, datasetId);
    } catch (e) {
      if (e instanceof HttpError && e.statusCode === 404) return null;
      throw e;
    }
  }

  async bootstrap(user: Principal, q: BootstrapQuery): Promise<ExploreBootstrap> {
    const start = await this.start(user, q);
    if (!start) return { dataset: null, form_data: { viz_type: q.viz_type || this.ctx.config.defaultVizType }, slice: null, message: null };
    const { chart } = start;
    let message = start.message;
    // a legacy type, from the saved chart (migrated as it was read) or from a saved state or permalink
    const migration = migrateLegacyFormData(start.formData);
    const formData = migration?.formData ?? start.formData;
    const legacyFrom =
      migration?.from ??
      (chart && hasLegacyMigration(chart.row.viz_type) && chart.row.viz_type !== formData.viz_type ? chart.row.viz_type : null);
    if (legacyFrom && typeof formData.viz_type === 'string') message = legacyOpenedMessage(legacyFrom, formData.viz_type);
    if (typeof formData.viz_type !== 'string' || !formData.viz_type) formData.viz_type = this.ctx.config.defaultVizType;
    const datasetId =
      datasetIdOfFormData(formData) ?? (q.datasource_id !== undefined ? datasetIdOf(q.datasource_id, q.datasource_type ?? 'table') : null);
    const dataset = await this.dataset(user, datasetId);
    if (!dataset) message = DATASET_MISSING_MESSAGE;
    return { dataset, form_data: formData, slice: chart ? await this.slice(chart) : null, message };
  }
}
