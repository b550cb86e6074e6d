/**
 * Annotation layers (spec section 3 "Annotation layer"), in the BI server's shape: a formula over
 * x, events / intervals taken from another saved chart's query or from a native annotation
 * layer (source NATIVE, value = the layer's id; the chart data reply carries its annotations), or
 * a time series: another saved line / timeseries chart's series (source 'line').
 */
import { normalizedOverrides, TIME_SERIES_ANNOTATION_SOURCES } from '@rama/shared';
import { t } from '../../i18n';

export const ANNOTATION_TYPES = ['FORMULA', 'EVENT', 'INTERVAL', 'TIME_SERIES'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];

/** A type's name as the editor and the chips show it, in the current language. */
export function annotationTypeLabel(type: AnnotationType): string {
  switch (type) {
    case 'FORMULA':
      return t('explorecontrols:annotationTypeFormula');
    case 'EVENT':
      return t('explorecontrols:annotationTypeEvent');
    case 'INTERVAL':
      return t('explorecontrols:annotationTypeInterval');
    case 'TIME_SERIES':
      return t('explorecontrols:annotationTypeTimeSeries');
  }
}

/** The types a chart of this viz type can draw: time series only on the timeseries charts. */
export function annotationTypesFor(vizType: unknown): AnnotationType[] {
  const timeseries = typeof vizType === 'string' && (TIME_SERIES_ANNOTATION_SOURCES.has(vizType) || vizType === 'mixed_timeseries');
  return ANNOTATION_TYPES.filter((t) => t !== 'TIME_SERIES' || timeseries);
}

/** '' for a formula; 'table' for events / intervals from a saved chart; 'line' for a time series from one; 'NATIVE'. */
export type AnnotationSourceType = '' | 'table' | 'line' | 'NATIVE';

/** Where an event or interval layer's rows come from, as the peer names the sources. */
export function annotationSourceLabel(source: 'NATIVE' | 'table'): string {
  return source === 'NATIVE' ? t('explorecontrols:annotationSourceNative') : t('explorecontrols:annotationSourceTable');
}

export const ANNOTATION_STYLES = ['solid', 'dashed', 'longDashed', 'dotted'] as const;
export type AnnotationStyle = (typeof ANNOTATION_STYLES)[number];

export interface AnnotationLayer {
  name: string;
  annotationType: AnnotationType;
  /** '' for a formula; 'table' for a layer read from a saved chart; 'NATIVE' for a native annotation layer */
  sourceType: AnnotationSourceType;
  /** the formula, the saved chart's id, or the native annotation layer's id */
  value: string | number | null;
  show: boolean;
  showLabel: boolean;
  showMarkers?: boolean;
  hideLine?: boolean;
  color: string | null;
  width: number;
  style: AnnotationStyle;
  opacity?: '' | 'opacityLow' | 'opacityMedium' | 'opacityHigh';
  overrides?: Record<string, unknown>;
  titleColumn?: string;
  descriptionColumns?: string[];
  timeColumn?: string;
  intervalEndColumn?: string;
}

export function newAnnotationLayer(type: AnnotationType = 'FORMULA'): AnnotationLayer {
  const base: AnnotationLayer = {
    name: '',
    annotationType: type,
    sourceType: type === 'FORMULA' ? '' : type === 'TIME_SERIES' ? 'line' : 'table',
    value: type === 'FORMULA' ? 'x*2' : null,
    show: true,
    showLabel: false,
    showMarkers: false,
    hideLine: false,
    color: null,
    width: 1,
    style: 'solid',
    opacity: '',
    overrides: { time_range: null },
  };
  if (type === 'EVENT' || type === 'INTERVAL')
    Object.assign(base, { titleColumn: '', descriptionColumns: [], timeColumn: '', intervalEndColumn: '' });
  return base;
}

/** Changing the type of a layer keeps its name and look and resets where its data comes from. */
export function withAnnotationType(layer: AnnotationLayer, type: AnnotationType): AnnotationLayer {
  if (layer.annotationType === type) return layer;
  const fresh = newAnnotationLayer(type);
  return {
    ...fresh,
    name: layer.name,
    color: layer.color,
    width: layer.width,
    style: layer.style,
    show: layer.show,
    showLabel: layer.showLabel,
  };
}

/**
 * Changing where an event or interval layer's data comes from keeps everything else and clears
 * the chosen source and its columns.
 */
export function withAnnotationSource(layer: AnnotationLayer, sourceType: 'NATIVE' | 'table'): AnnotationLayer {
  if (layer.annotationType === 'FORMULA' || layer.annotationType === 'TIME_SERIES' || layer.sourceType === sourceType) return layer;
  return { ...layer, sourceType, value: null, titleColumn: '', descriptionColumns: [], timeColumn: '', intervalEndColumn: '' };
}

/** What keeps a layer from being applied; null when it can be. */
export function annotationLayerError(layer: AnnotationLayer, others: readonly AnnotationLayer[] = []): string | null {
  if (!layer.name.trim()) return t('explorecontrols:layerNameMissing');
  if (others.some((o) => o !== layer && o.name.trim() === layer.name.trim())) return t('explorecontrols:layerNameTaken');
  if (layer.annotationType === 'FORMULA') return String(layer.value ?? '').trim() ? null : t('explorecontrols:layerFormulaMissing');
  if (layer.sourceType === 'NATIVE') return layer.value === null || layer.value === '' ? t('explorecontrols:layerNativeMissing') : null;
  if (layer.value === null || layer.value === '') return t('explorecontrols:layerChartMissing');
  if (layer.annotationType === 'TIME_SERIES') return null;
  if (!layer.timeColumn) return t('explorecontrols:layerTimeColumnMissing');
  if (layer.annotationType === 'INTERVAL' && !layer.intervalEndColumn) return t('explorecontrols:layerIntervalEndMissing');
  return null;
}

export function annotationLayerList(value: unknown): AnnotationLayer[] {
  return Array.isArray(value)
    ? value.filter((l): l is AnnotationLayer => typeof l === 'object' && l !== null && 'annotationType' in l && 'name' in l)
    : [];
}

/** Overrides the editor offers: the main chart's time range, or its time grain (and time column). */
export type OverrideChoice = 'time_range' | 'time_grain';

/** Is the choice on: its key is present in the layer's overrides (value null = the main chart's). */
export function hasOverride(layer: AnnotationLayer, choice: OverrideChoice): boolean {
  const o = normalizedOverrides(layer.overrides);
  return choice === 'time_range' ? 'time_range' in o : 'time_grain_sqla' in o;
}

/**
 * Turning an override on adds its keys with value null ("take the main chart's value"); off
 * removes them, so the source chart keeps its own. The time grain goes with the time column
 * (`granularity`), as the peer's editor does.
 */
export function withOverride(layer: AnnotationLayer, choice: OverrideChoice, on: boolean): AnnotationLayer {
  const next: Record<string, unknown> = { ...(layer.overrides ?? {}) };
  const keys = choice === 'time_range' ? ['time_range', 'since', 'until'] : ['time_grain_sqla', 'granularity'];
  for (const k of keys) delete next[k];
  if (on) {
    if (choice === 'time_range') next.time_range = null;
    else Object.assign(next, { time_grain_sqla: null, granularity: null });
  }
  return { ...layer, overrides: next };
}

/** The time shift ("1 week", "1 year"): empty removes it. */
export function withTimeShift(layer: AnnotationLayer, shift: string): AnnotationLayer {
  const next: Record<string, unknown> = { ...(layer.overrides ?? {}) };
  if (shift.trim()) next.time_shift = shift;
  else delete next.time_shift;
  return { ...layer, overrides: next };
}
