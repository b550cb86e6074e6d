/**
 * Explore's form-data rules as pure functions over the viz contract (spec section 4 "Chart status"
 * → Explore, section 5 "Control validators"): defaults, visibility, validation, sanitizing, viz
 * type and datasource switches, and metric renames. The web app's Explore slice calls these.
 */
import type { AdhocMetric, QueryColumn, QueryMetric } from '../api/chartData.js';
import type { ExploreDatasource } from '../api/dataset.js';
import { metricLabelOf, uniqueColumns, uniqueMetrics } from './buildQueryHelpers.js';
import { sharedControls } from './sharedControls.js';
import type { ChoiceList, ControlConfig, ControlContext, QueryFormData, VizDefinition } from './types.js';

/**
 * The label a metric gets in the result (and in column_config keys): its label, else AGG(column),
 * else its SQL; a column's: its name, else the adhoc column's label, else its SQL. One definition,
 * shared with the buildQuery helpers, so Explore keys settings the way the query names columns.
 */
export { metricLabelOf as getMetricLabel, columnLabelOf as getColumnLabel } from './buildQueryHelpers.js';

/** Every control the type's sections name, resolved from its own controls, else the shared ones. */
export function controlsOf(def: VizDefinition): Record<string, ControlConfig> {
  const out: Record<string, ControlConfig> = {};
  for (const section of def.controlPanel.sections) {
    for (const row of section.controlSetRows) {
      for (const name of row) {
        const config = def.controlPanel.controls[name] ?? sharedControls[name];
        if (config) out[name] = config;
      }
    }
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : isEmpty(v) ? [] : [v]);

/** Defaults are shared data: a form gets its own copy of a list or object default. */
function copyDefault(v: unknown): unknown {
  if (Array.isArray(v)) return [...(v as unknown[])];
  if (isRecord(v)) return { ...v };
  return v;
}

/** The time column a new chart starts on: the dataset's main datetime column, else its first temporal one. */
function defaultTemporalColumn(datasource: ExploreDatasource | null): string | null {
  if (!datasource) return null;
  return datasource.main_dttm_col ?? datasource.columns.find((c) => c.is_dttm)?.column_name ?? null;
}

const TEMPORAL_CONTROLS = new Set(['x_axis', 'granularity_sqla']);

/** A new chart's form data: every control's default, the dataset's time column, 'No filter'. */
export function defaultFormData(def: VizDefinition, datasource: ExploreDatasource | null): QueryFormData {
  const fd: QueryFormData = { viz_type: def.meta.key, datasource: datasource?.uid ?? '', time_range: 'No filter' };
  for (const [name, config] of Object.entries(controlsOf(def))) {
    if (TEMPORAL_CONTROLS.has(name) && isEmpty(config.default)) {
      fd[name] = defaultTemporalColumn(datasource);
    } else if (config.default !== undefined) {
      fd[name] = copyDefault(config.default);
    }
  }
  return fd;
}

/** Shown unless its visibility rule says otherwise; a hidden-type control is never shown. */
export function isControlVisible(config: ControlConfig, ctx: ControlContext): boolean {
  if (config.type === 'HiddenControl') return false;
  return config.visibility ? config.visibility(ctx) : true;
}

/** Validation errors by control name (spec: "Errors are collected per control"); only shown controls are checked. */
export function validateControls(def: VizDefinition, ctx: ControlContext): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [name, config] of Object.entries(controlsOf(def))) {
    if (!config.validators?.length || !isControlVisible(config, ctx)) continue;
    const messages = config.validators.map((v) => v(ctx.formData[name], ctx)).filter((m): m is string => typeof m === 'string');
    if (messages.length) errors[name] = messages;
  }
  return errors;
}

/** Errors block the chart from running (spec: "errors … block the render trigger while present"). */
export function hasValidationErrors(errors: Record<string, string[]>): boolean {
  return Object.values(errors).some((list) => list.length > 0);
}

function choicesOf(config: ControlConfig, ctx: ControlContext): ChoiceList {
  return typeof config.choices === 'function' ? config.choices(ctx) : (config.choices ?? []);
}

/** 10 and '10' are the same choice (a URL or a saved chart may carry either). */
const sameChoice = (a: unknown, b: unknown) => a === b || (typeof a !== 'object' && typeof b !== 'object' && String(a) === String(b));

/** A select without free-form entry keeps only values among its choices; a single value off the list becomes null. */
function keepChoices(config: ControlConfig, value: unknown, ctx: ControlContext): unknown {
  if (config.type !== 'SelectControl' || config.freeForm || isEmpty(value)) return value;
  const choices = choicesOf(config, ctx).map(([v]) => v);
  if (choices.length === 0) return value; // nothing to check against (choices not loaded)
  const ok = (v: unknown) => choices.some((c) => sameChoice(c, v));
  if (Array.isArray(value)) return value.filter(ok);
  return ok(value) ? value : null;
}

const NO_VALUE_OPERATORS = new Set(['IS NULL', 'IS NOT NULL', 'IS_NULL', 'IS_NOT_NULL', 'IS TRUE', 'IS FALSE', 'IS_TRUE', 'IS_FALSE']);

/** A filter whose operator takes no value carries no comparator. */
function withoutStrayComparator(filter: unknown): unknown {
  if (!isRecord(filter) || filter.expressionType === 'SQL') return filter;
  const op = String(filter.operatorId ?? filter.operator ?? '');
  if (!NO_VALUE_OPERATORS.has(op) || !('comparator' in filter)) return filter;
  const rest = { ...filter };
  delete rest.comparator;
  return rest;
}

/**
 * Spec section 5: a select control without free-form entry drops values not among its choices;
 * duplicate metrics and columns are removed and empty column names dropped; IS NULL / IS NOT NULL
 * filters carry no value.
 */
export function sanitizeFormData(def: VizDefinition, formData: QueryFormData, ctx: ControlContext): QueryFormData {
  const out: QueryFormData = { ...formData };
  const controls = controlsOf(def);
  for (const [name, config] of Object.entries(controls)) {
    const value = out[name];
    if (value === undefined) continue;
    if (config.type === 'SelectControl') out[name] = keepChoices(config, value, { ...ctx, formData: out });
    else if (config.type === 'MetricsControl' && Array.isArray(value)) out[name] = uniqueMetrics(value as QueryMetric[]);
    else if (config.type === 'ColumnsControl' && Array.isArray(value)) {
      out[name] = uniqueColumns(value as QueryColumn[]);
    } else if (config.type === 'AdhocFilterControl' && Array.isArray(value)) out[name] = value.map(withoutStrayComparator);
  }
  if (!controls.adhoc_filters && Array.isArray(out.adhoc_filters)) out.adhoc_filters = out.adhoc_filters.map(withoutStrayComparator);
  return out;
}

/* ---------- switching the viz type ---------- */

/** Metric and dimension fields a type switch translates between (the BI server's standardized form data). */
const METRIC_FIELDS = ['metrics', 'metric'] as const;
const COLUMN_FIELDS = ['groupby', 'columns', 'groupbyRows', 'groupbyColumns'] as const;
const MAPPED_FIELDS = new Set<string>([...METRIC_FIELDS, ...COLUMN_FIELDS]);

/** What the new type's metric / dimension control takes from the old type's values, or undefined. */
function mappedValue(name: string, fd: QueryFormData): unknown {
  const metrics = uniqueMetrics([...asList(fd.metrics), ...asList(fd.metric)] as QueryMetric[]);
  const groupby = asList(fd.groupby) as QueryColumn[];
  const columns = asList(fd.columns) as QueryColumn[];
  const pivot = [...asList(fd.groupbyRows), ...asList(fd.groupbyColumns)] as QueryColumn[];
  const all = uniqueColumns([...groupby, ...columns, ...pivot]);
  const orUndefined = <T>(list: T[]) => (list.length ? list : undefined);
  switch (name) {
    case 'metrics':
      return orUndefined(metrics);
    case 'metric':
      return metrics[0];
    case 'groupby':
    case 'columns':
      return orUndefined(all);
    case 'groupbyRows':
      return orUndefined(groupby.length ? groupby : columns.length ? columns : []);
    case 'groupbyColumns':
      return groupby.length ? orUndefined(columns) : undefined;
    default:
      return undefined;
  }
}

/** The label of a metric or column value, whichever it is (both kinds sit in the lists a switch translates). */
function itemLabel(x: unknown): string {
  if (typeof x === 'string') return x;
  if (!isRecord(x)) return String(x);
  if (typeof x.label === 'string' && x.label.trim()) return x.label;
  if (x.expressionType === 'SIMPLE') return metricLabelOf(x as unknown as AdhocMetric);
  return typeof x.sqlExpression === 'string' ? x.sqlExpression : '';
}

const labelsOf = (v: unknown): string[] => asList(v).map(itemLabel);

/** A stashed value still agrees with what the user has now (e.g. stashed metrics start with the current metric). */
function agrees(stashed: unknown, mapped: unknown): boolean {
  const have = new Set(labelsOf(stashed));
  return labelsOf(mapped).every((l) => have.has(l));
}

export interface VizSwitchResult {
  formData: QueryFormData;
  /** values of controls the new type lacks, restored when the user switches back */
  hiddenFormData: Record<string, unknown>;
}

/**
 * Spec section 4 "changing the viz type transforms form data": controls the two types share keep
 * their values, fields of no control (slice_id, url_params, time_range, extra_form_data …) stay,
 * metric(s) and dimensions translate, values of controls the new type lacks are stashed and a
 * stashed value is restored when its control comes back. Everything else takes the new defaults.
 */
export function switchVizType(
  formData: QueryFormData,
  fromDef: VizDefinition | undefined,
  toDef: VizDefinition,
  datasource: ExploreDatasource | null,
  hiddenFormData: Record<string, unknown> = {},
): VizSwitchResult {
  const from = fromDef ? controlsOf(fromDef) : {};
  const to = controlsOf(toDef);
  const isControlKey = (k: string) => k in from || k in to || k in sharedControls || MAPPED_FIELDS.has(k);
  const defaults = defaultFormData(toDef, datasource);
  const hidden: Record<string, unknown> = { ...hiddenFormData };
  const out: QueryFormData = { ...formData, viz_type: toDef.meta.key };

  for (const [key, value] of Object.entries(formData)) {
    if (key in to || key === 'viz_type' || key === 'datasource' || !isControlKey(key)) continue;
    delete out[key];
    if (value !== undefined) hidden[key] = value;
  }
  for (const name of Object.keys(to)) {
    if (formData[name] !== undefined) {
      delete hidden[name];
      continue;
    }
    const stashed = hidden[name];
    const mapped = mappedValue(name, formData);
    let value: unknown;
    if (stashed !== undefined && (mapped === undefined || agrees(stashed, mapped))) value = stashed;
    else if (mapped !== undefined) value = copyDefault(mapped);
    else value = defaults[name];
    delete hidden[name];
    if (value !== undefined) out[name] = value;
  }
  if (!out.datasource && defaults.datasource) out.datasource = defaults.datasource;
  if (out.time_range === undefined) out.time_range = defaults.time_range;
  return { formData: out, hiddenFormData: hidden };
}

/* ---------- switching the datasource ---------- */

const DATASOURCE_CONTROL_TYPES = new Set(['MetricsControl', 'MetricControl', 'ColumnsControl', 'ColumnControl', 'AdhocFilterControl']);

interface DatasourceNames {
  columns: ReadonlySet<string>;
  metrics: ReadonlySet<string>;
}

/** One value of a datasource-dependent control that still makes sense on the new dataset, or undefined. */
function compatibleItem(config: ControlConfig, item: unknown, { columns, metrics }: DatasourceNames): unknown {
  const isMetricControl = config.type === 'MetricsControl' || config.type === 'MetricControl';
  if (typeof item === 'string') return (isMetricControl ? metrics.has(item) : columns.has(item)) ? item : undefined;
  if (!isRecord(item)) return undefined;
  if (config.type === 'AdhocFilterControl') {
    if (item.expressionType === 'SQL') return item;
    return typeof item.subject === 'string' ? (columns.has(item.subject) ? item : undefined) : item;
  }
  if (item.expressionType === 'SIMPLE') {
    const col = isRecord(item.column) ? item.column.column_name : undefined;
    return typeof col === 'string' && columns.has(col) ? item : undefined;
  }
  if (item.isColumnReference === true && typeof item.sqlExpression === 'string') return columns.has(item.sqlExpression) ? item : undefined;
  // adhoc SQL metrics and adhoc SQL columns are written against the table's columns by the user: kept
  return typeof item.sqlExpression === 'string' ? item : undefined;
}

export interface DatasourceSwitchResult {
  formData: QueryFormData;
  /** the controls whose values carried over (spec: "lists the transferred controls") */
  controlsTransferred: string[];
}

/**
 * Spec section 4 "changing the datasource updates dependent controls and lists the transferred
 * controls": metric, column and filter controls keep the values the new dataset can answer
 * (existing columns, existing saved metrics, adhoc metrics on existing columns, adhoc SQL); a
 * control left empty takes its default on the new dataset. Other controls keep their values.
 */
export function switchDatasource(formData: QueryFormData, def: VizDefinition, newDatasource: ExploreDatasource): DatasourceSwitchResult {
  const defaults = defaultFormData(def, newDatasource);
  const out: QueryFormData = { ...formData, datasource: newDatasource.uid };
  const transferred: string[] = [];
  const names: DatasourceNames = {
    columns: new Set(newDatasource.columns.map((c) => c.column_name)),
    metrics: new Set(newDatasource.metrics.map((m) => m.metric_name)),
  };
  const ctx: ControlContext = { formData: out, datasource: newDatasource, sqlMaxRow: Number.MAX_SAFE_INTEGER };
  for (const [name, config] of Object.entries(controlsOf(def))) {
    const value = formData[name];
    if (isEmpty(value)) {
      if (TEMPORAL_CONTROLS.has(name)) out[name] = defaults[name];
      continue;
    }
    let kept: unknown;
    if (DATASOURCE_CONTROL_TYPES.has(config.type)) {
      kept = Array.isArray(value)
        ? value.map((v) => compatibleItem(config, v, names)).filter((v) => v !== undefined)
        : compatibleItem(config, value, names);
    } else if (config.type === 'SelectControl' && !config.freeForm && typeof config.choices === 'function') {
      kept = keepChoices(config, value, ctx); // e.g. time grains the new database does not have
    } else {
      continue;
    }
    if (isEmpty(kept)) {
      out[name] = defaults[name];
      if (out[name] === undefined) delete out[name];
    } else {
      out[name] = kept;
      if (!sameChoice(kept, config.default)) transferred.push(name);
    }
  }
  return { formData: out, controlsTransferred: transferred };
}

/* ---------- renaming a metric ---------- */

/** Spec section 4 "renaming a metric re-keys its column configuration" (column_config and conditional formatting). */
export function renameMetricKey(formData: QueryFormData, oldLabel: string, newLabel: string): QueryFormData {
  if (oldLabel === newLabel) return formData;
  const out: QueryFormData = { ...formData };
  if (isRecord(formData.column_config) && oldLabel in formData.column_config) {
    const rekeyed: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(formData.column_config)) rekeyed[k === oldLabel ? newLabel : k] = v;
    out.column_config = rekeyed;
  }
  if (Array.isArray(formData.conditional_formatting)) {
    out.conditional_formatting = formData.conditional_formatting.map((rule: unknown) =>
      isRecord(rule) && rule.column === oldLabel ? { ...rule, column: newLabel } : rule,
    );
  }
  return out;
}
