/**
 * One annotation layer's editor: name, type, the formula or the source (a native annotation layer,
 * or a saved chart and its columns), what the layer takes from the main chart (overrides), and
 * the look.
 */
import { useState } from 'react';
import { Button, Checkbox, ColorPicker, Input, InputNumber, Select } from 'antd';
import {
  ANNOTATION_SOURCE_LABELS,
  ANNOTATION_STYLES,
  ANNOTATION_TYPE_LABELS,
  annotationLayerError,
  annotationTypesFor,
  hasOverride,
  withAnnotationSource,
  withAnnotationType,
  withOverride,
  withTimeShift,
  type AnnotationLayer,
  type AnnotationStyle,
  type AnnotationType,
} from './annotations';
import { useAnnotationLayerOptions, useAnnotationSource, useChartOptions } from './useAnnotationSources';

const STYLE_LABELS: Record<AnnotationStyle, string> = { solid: 'Solid', dashed: 'Dashed', longDashed: 'Long dashed', dotted: 'Dotted' };

const OPACITY_OPTIONS = [
  { value: '', label: 'Opaque' },
  { value: 'opacityLow', label: '0.2' },
  { value: 'opacityMedium', label: '0.5' },
  { value: 'opacityHigh', label: '0.8' },
];

interface AnnotationLayerEditorProps {
  layer: AnnotationLayer;
  /** the chart's viz type: which annotation types it can draw */
  vizType?: unknown;
  others: AnnotationLayer[];
  onSave: (layer: AnnotationLayer) => void;
  onClose: () => void;
}

export function AnnotationLayerEditor({ layer, others, vizType, onSave, onClose }: AnnotationLayerEditorProps) {
  const [draft, setDraft] = useState(layer);
  const [chartSearch, setChartSearch] = useState('');
  const [layerSearch, setLayerSearch] = useState('');
  const set = (patch: Partial<AnnotationLayer>) => setDraft((d) => ({ ...d, ...patch }));
  const sourced = draft.annotationType !== 'FORMULA';
  const series = draft.annotationType === 'TIME_SERIES';
  const native = sourced && !series && draft.sourceType === 'NATIVE';
  const fromChart = sourced && !native;
  const chartId = fromChart && draft.value !== null && draft.value !== '' ? Number(draft.value) : null;
  const layerId = native && draft.value !== null && draft.value !== '' ? Number(draft.value) : null;
  const charts = useChartOptions(chartSearch, fromChart, draft.annotationType);
  const types = annotationTypesFor(vizType);
  if (!types.includes(draft.annotationType)) types.push(draft.annotationType);
  const timeShift = typeof draft.overrides?.time_shift === 'string' ? draft.overrides.time_shift : '';
  const nativeLayers = useAnnotationLayerOptions(layerSearch, native);
  const source = useAnnotationSource(Number.isFinite(chartId) ? chartId : null);
  const error = annotationLayerError(draft, others);
  const layerOptions = nativeLayers.layers.map((l) => ({ value: l.id, label: l.name }));

  const chartOptions = charts.charts.map((c) => ({ value: c.id, label: `${c.slice_name} (${c.viz_type})` }));
  if (source.chart && !chartOptions.some((o) => o.value === source.chart?.id))
    chartOptions.unshift({ value: source.chart.id, label: source.chart.slice_name });
  const columnOptions = (temporalOnly: boolean) =>
    source.columns.filter((c) => !temporalOnly || c.temporal).map((c) => ({ value: c.name, label: c.name }));

  return (
    <div className="rama-popover-editor rama-annotation-editor" role="dialog" aria-label="Edit annotation layer">
      <div className="rama-editor-fields">
        <label className="rama-editor-field">
          <span>Name</span>
          <Input size="small" aria-label="Layer name" value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        </label>
        <label className="rama-editor-field">
          <span>Annotation layer type</span>
          <Select
            size="small"
            aria-label="Annotation layer type"
            value={draft.annotationType}
            options={types.map((t) => ({ value: t, label: ANNOTATION_TYPE_LABELS[t] }))}
            onChange={(t: AnnotationType) => setDraft((d) => withAnnotationType(d, t))}
          />
        </label>
        {sourced && !series && (
          <label className="rama-editor-field">
            <span>Annotation source</span>
            <Select
              size="small"
              aria-label="Annotation source"
              value={native ? 'NATIVE' : 'table'}
              options={(['NATIVE', 'table'] as const).map((v) => ({ value: v, label: ANNOTATION_SOURCE_LABELS[v] }))}
              onChange={(v: 'NATIVE' | 'table') => setDraft((d) => withAnnotationSource(d, v))}
            />
          </label>
        )}
        {native && (
          <label className="rama-editor-field">
            <span>Annotation layer</span>
            <Select
              size="small"
              aria-label="Native annotation layer"
              placeholder="Choose the annotation layer"
              value={layerId ?? undefined}
              options={layerOptions}
              loading={nativeLayers.loading}
              filterOption={false}
              showSearch={{ onSearch: setLayerSearch, filterOption: false }}
              notFoundContent={nativeLayers.error ?? (nativeLayers.loading ? 'Loading…' : 'No annotation layers')}
              onChange={(id: number) => set({ value: id })}
            />
          </label>
        )}
        {!sourced && (
          <label className="rama-editor-field">
            <span>Formula (of x, e.g. 2*x + 1)</span>
            <Input size="small" aria-label="Formula" value={String(draft.value ?? '')} onChange={(e) => set({ value: e.target.value })} />
          </label>
        )}
        {fromChart && (
          <>
            <label className="rama-editor-field">
              <span>Chart</span>
              <Select
                size="small"
                aria-label="Source chart"
                placeholder="Search saved charts"
                value={chartId ?? undefined}
                options={chartOptions}
                loading={charts.loading}
                filterOption={false}
                showSearch={{ onSearch: setChartSearch, filterOption: false }}
                notFoundContent={charts.error ?? (charts.loading ? 'Loading…' : 'No charts')}
                onChange={(id: number) =>
                  set({ value: id, timeColumn: '', titleColumn: '', intervalEndColumn: '', descriptionColumns: [] })
                }
              />
            </label>
            {source.error && <div className="rama-editor-hint">{source.error}</div>}
          </>
        )}
        {fromChart && !series && (
          <>
            <label className="rama-editor-field">
              <span>Time column</span>
              <Select
                size="small"
                aria-label="Time column"
                value={draft.timeColumn || undefined}
                options={columnOptions(true)}
                loading={source.loading}
                onChange={(timeColumn: string) => set({ timeColumn })}
              />
            </label>
            {draft.annotationType === 'INTERVAL' && (
              <label className="rama-editor-field">
                <span>Interval end column</span>
                <Select
                  size="small"
                  aria-label="Interval end column"
                  value={draft.intervalEndColumn || undefined}
                  options={columnOptions(true)}
                  onChange={(intervalEndColumn: string) => set({ intervalEndColumn })}
                />
              </label>
            )}
            <label className="rama-editor-field">
              <span>Title column</span>
              <Select
                size="small"
                allowClear
                aria-label="Title column"
                value={draft.titleColumn || undefined}
                options={columnOptions(false)}
                onChange={(titleColumn?: string) => set({ titleColumn: titleColumn ?? '' })}
              />
            </label>
            <label className="rama-editor-field">
              <span>Description columns</span>
              <Select
                size="small"
                mode="multiple"
                aria-label="Description columns"
                value={draft.descriptionColumns ?? []}
                options={columnOptions(false)}
                onChange={(descriptionColumns: string[]) => set({ descriptionColumns })}
              />
            </label>
          </>
        )}
        {fromChart && (
          <div className="rama-editor-fields" role="group" aria-label="Overrides">
            <Checkbox
              checked={hasOverride(draft, 'time_range')}
              onChange={(e) => setDraft((d) => withOverride(d, 'time_range', e.target.checked))}
            >
              Override time range
            </Checkbox>
            <Checkbox
              checked={hasOverride(draft, 'time_grain')}
              onChange={(e) => setDraft((d) => withOverride(d, 'time_grain', e.target.checked))}
            >
              Override time grain
            </Checkbox>
            <label className="rama-editor-field">
              <span>Time shift (e.g. 1 week, 1 year)</span>
              <Input
                size="small"
                aria-label="Time shift"
                maxLength={40}
                value={timeShift}
                onChange={(e) => setDraft((d) => withTimeShift(d, e.target.value))}
              />
            </label>
          </div>
        )}
        <div className="rama-annotation-look">
          <ColorPicker
            size="small"
            value={draft.color ?? '#000000'}
            onChangeComplete={(c) => set({ color: c.toHexString() })}
            aria-label="Colour"
          />
          <Select
            size="small"
            aria-label="Line style"
            value={draft.style}
            options={ANNOTATION_STYLES.map((s) => ({ value: s, label: STYLE_LABELS[s] }))}
            onChange={(style: AnnotationStyle) => set({ style })}
          />
          <InputNumber size="small" aria-label="Line width" min={1} max={10} value={draft.width} onChange={(n) => set({ width: n ?? 1 })} />
          {(series || draft.annotationType === 'INTERVAL') && (
            <Select
              size="small"
              aria-label="Opacity"
              value={draft.opacity ?? ''}
              options={OPACITY_OPTIONS}
              onChange={(opacity: AnnotationLayer['opacity']) => set({ opacity })}
            />
          )}
        </div>
        {series && (
          <>
            <Checkbox checked={Boolean(draft.showMarkers)} onChange={(e) => set({ showMarkers: e.target.checked })}>
              Show markers
            </Checkbox>
            <Checkbox checked={Boolean(draft.hideLine)} onChange={(e) => set({ hideLine: e.target.checked })}>
              Hide line
            </Checkbox>
          </>
        )}
        <Checkbox checked={draft.show} onChange={(e) => set({ show: e.target.checked })}>
          Show
        </Checkbox>
        {!series && (
          <Checkbox checked={draft.showLabel} onChange={(e) => set({ showLabel: e.target.checked })}>
            Always show the label
          </Checkbox>
        )}
        {error && <div className="rama-editor-hint">{error}</div>}
      </div>
      <div className="rama-editor-actions">
        <Button size="small" onClick={onClose}>
          Close
        </Button>
        <Button size="small" type="primary" disabled={error !== null} onClick={() => onSave({ ...draft, name: draft.name.trim() })}>
          Apply
        </Button>
      </div>
    </div>
  );
}
