/**
 * Annotation layers (spec section 3 "Annotation layer"), in the BI server's shape: a formula over
 * x, or events / intervals taken from another saved chart's query or from a native annotation
 * layer (source NATIVE, value = the layer's id; the chart data reply carries its annotations).
 */
export const ANNOTATION_TYPES = ['FORMULA', 'EVENT', 'INTERVAL'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];

export const ANNOTATION_TYPE_LABELS: Record<AnnotationType, string> = {
  FORMULA: 'Formula',
  EVENT: 'Event',
  INTERVAL: 'Interval',
};

export type AnnotationSourceType = '' | 'table' | 'NATIVE';

/** Where an event or interval layer's rows come from, as the peer names the sources. */
export const ANNOTATION_SOURCE_LABELS: Record<'NATIVE' | 'table', string> = {
  NATIVE: 'Superset annotation',
  table: 'Table',
};

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
    sourceType: type === 'FORMULA' ? '' : 'table',
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
  if (type !== 'FORMULA') Object.assign(base, { titleColumn: '', descriptionColumns: [], timeColumn: '', intervalEndColumn: '' });
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
  if (layer.annotationType === 'FORMULA' || layer.sourceType === sourceType) return layer;
  return { ...layer, sourceType, value: null, titleColumn: '', descriptionColumns: [], timeColumn: '', intervalEndColumn: '' };
}

/** What keeps a layer from being applied; null when it can be. */
export function annotationLayerError(layer: AnnotationLayer, others: readonly AnnotationLayer[] = []): string | null {
  if (!layer.name.trim()) return 'Give the layer a name';
  if (others.some((o) => o !== layer && o.name.trim() === layer.name.trim())) return 'Another layer has this name';
  if (layer.annotationType === 'FORMULA') return String(layer.value ?? '').trim() ? null : 'Write a formula of x';
  if (layer.sourceType === 'NATIVE') return layer.value === null || layer.value === '' ? 'Choose an annotation layer' : null;
  if (layer.value === null || layer.value === '') return 'Choose a chart';
  if (!layer.timeColumn) return 'Choose the time column';
  if (layer.annotationType === 'INTERVAL' && !layer.intervalEndColumn) return 'Choose the interval end column';
  return null;
}

export function annotationLayerList(value: unknown): AnnotationLayer[] {
  return Array.isArray(value)
    ? value.filter((l): l is AnnotationLayer => typeof l === 'object' && l !== null && 'annotationType' in l && 'name' in l)
    : [];
}
