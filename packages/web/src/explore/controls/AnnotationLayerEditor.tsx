/**
 * One annotation layer's editor: name, type, the formula or the source (a native annotation layer,
 * or a saved chart and its columns), what the layer takes from the main chart (overrides), and
 * the look.
 */
import { useState } from 'react';
import { Button, Checkbox, ColorPicker, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ANNOTATION_STYLES,
  annotationLayerError,
  annotationSourceLabel,
  annotationTypeLabel,
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
import { currentLocale } from '../../i18n';

/** The keys of the line styles' names in explorecontrols.json. */
const STYLE_LABELS = {
  solid: 'styleSolid',
  dashed: 'styleDashed',
  longDashed: 'styleLongDashed',
  dotted: 'styleDotted',
} as const satisfies Record<AnnotationStyle, string>;

const OPACITIES = ['opacityLow', 'opacityMedium', 'opacityHigh'] as const;
const OPACITY_VALUES = { opacityLow: 0.2, opacityMedium: 0.5, opacityHigh: 0.8 };

interface AnnotationLayerEditorProps {
  layer: AnnotationLayer;
  /** the chart's viz type: which annotation types it can draw */
  vizType?: unknown;
  others: AnnotationLayer[];
  onSave: (layer: AnnotationLayer) => void;
  onClose: () => void;
}

export function AnnotationLayerEditor({ layer, others, vizType, onSave, onClose }: AnnotationLayerEditorProps) {
  const { t } = useTranslation('explorecontrols');
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

  const chartOptions = charts.charts.map((c) => ({ value: c.id, label: `${c.slice_name} (${c.viz_type})` })); // i18n-ignore: a chart's name and type key
  if (source.chart && !chartOptions.some((o) => o.value === source.chart?.id))
    chartOptions.unshift({ value: source.chart.id, label: source.chart.slice_name });
  const columnOptions = (temporalOnly: boolean) =>
    source.columns.filter((c) => !temporalOnly || c.temporal).map((c) => ({ value: c.name, label: c.name }));

  return (
    <div className="rama-popover-editor rama-annotation-editor" role="dialog" aria-label={t('editAnnotationLayer')}>
      <div className="rama-editor-fields">
        <label className="rama-editor-field">
          <span>{t('common:name')}</span>
          <Input size="small" aria-label={t('layerName')} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        </label>
        <label className="rama-editor-field">
          <span>{t('annotationLayerType')}</span>
          <Select
            size="small"
            aria-label={t('annotationLayerType')}
            value={draft.annotationType}
            options={types.map((type) => ({ value: type, label: annotationTypeLabel(type) }))}
            onChange={(t: AnnotationType) => setDraft((d) => withAnnotationType(d, t))}
          />
        </label>
        {sourced && !series && (
          <label className="rama-editor-field">
            <span>{t('annotationSource')}</span>
            <Select
              size="small"
              aria-label={t('annotationSource')}
              value={native ? 'NATIVE' : 'table'}
              options={(['NATIVE', 'table'] as const).map((v) => ({ value: v, label: annotationSourceLabel(v) }))}
              onChange={(v: 'NATIVE' | 'table') => setDraft((d) => withAnnotationSource(d, v))}
            />
          </label>
        )}
        {native && (
          <label className="rama-editor-field">
            <span>{t('annotationLayer')}</span>
            <Select
              size="small"
              aria-label={t('nativeAnnotationLayer')}
              placeholder={t('chooseAnnotationLayer')}
              value={layerId ?? undefined}
              options={layerOptions}
              loading={nativeLayers.loading}
              filterOption={false}
              showSearch={{ onSearch: setLayerSearch, filterOption: false }}
              notFoundContent={nativeLayers.error ?? (nativeLayers.loading ? t('common:loadingEllipsis') : t('noAnnotationLayers'))}
              onChange={(id: number) => set({ value: id })}
            />
          </label>
        )}
        {!sourced && (
          <label className="rama-editor-field">
            <span>{t('formulaOfX')}</span>
            <Input
              size="small"
              aria-label={t('annotationTypeFormula')}
              value={String(draft.value ?? '')}
              onChange={(e) => set({ value: e.target.value })}
            />
          </label>
        )}
        {fromChart && (
          <>
            <label className="rama-editor-field">
              <span>{t('common:chart')}</span>
              <Select
                size="small"
                aria-label={t('sourceChart')}
                placeholder={t('searchSavedCharts')}
                value={chartId ?? undefined}
                options={chartOptions}
                loading={charts.loading}
                filterOption={false}
                showSearch={{ onSearch: setChartSearch, filterOption: false }}
                notFoundContent={charts.error ?? (charts.loading ? t('common:loadingEllipsis') : t('noCharts'))}
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
              <span>{t('timeColumn')}</span>
              <Select
                size="small"
                aria-label={t('timeColumn')}
                value={draft.timeColumn || undefined}
                options={columnOptions(true)}
                loading={source.loading}
                onChange={(timeColumn: string) => set({ timeColumn })}
              />
            </label>
            {draft.annotationType === 'INTERVAL' && (
              <label className="rama-editor-field">
                <span>{t('intervalEndColumn')}</span>
                <Select
                  size="small"
                  aria-label={t('intervalEndColumn')}
                  value={draft.intervalEndColumn || undefined}
                  options={columnOptions(true)}
                  onChange={(intervalEndColumn: string) => set({ intervalEndColumn })}
                />
              </label>
            )}
            <label className="rama-editor-field">
              <span>{t('titleColumn')}</span>
              <Select
                size="small"
                allowClear
                aria-label={t('titleColumn')}
                value={draft.titleColumn || undefined}
                options={columnOptions(false)}
                onChange={(titleColumn?: string) => set({ titleColumn: titleColumn ?? '' })}
              />
            </label>
            <label className="rama-editor-field">
              <span>{t('descriptionColumns')}</span>
              <Select
                size="small"
                mode="multiple"
                aria-label={t('descriptionColumns')}
                value={draft.descriptionColumns ?? []}
                options={columnOptions(false)}
                onChange={(descriptionColumns: string[]) => set({ descriptionColumns })}
              />
            </label>
          </>
        )}
        {fromChart && (
          <div className="rama-editor-fields" role="group" aria-label={t('overrides')}>
            <Checkbox
              checked={hasOverride(draft, 'time_range')}
              onChange={(e) => setDraft((d) => withOverride(d, 'time_range', e.target.checked))}
            >
              {t('overrideTimeRange')}
            </Checkbox>
            <Checkbox
              checked={hasOverride(draft, 'time_grain')}
              onChange={(e) => setDraft((d) => withOverride(d, 'time_grain', e.target.checked))}
            >
              {t('overrideTimeGrain')}
            </Checkbox>
            <label className="rama-editor-field">
              <span>{t('timeShiftHint')}</span>
              <Input
                size="small"
                aria-label={t('timeShift')}
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
            aria-label={t('colour')}
          />
          <Select
            size="small"
            aria-label={t('lineStyle')}
            value={draft.style}
            options={ANNOTATION_STYLES.map((s) => ({ value: s, label: t(STYLE_LABELS[s]) }))}
            onChange={(style: AnnotationStyle) => set({ style })}
          />
          <InputNumber
            size="small"
            aria-label={t('lineWidth')}
            min={1}
            max={10}
            value={draft.width}
            onChange={(n) => set({ width: n ?? 1 })}
          />
          {(series || draft.annotationType === 'INTERVAL') && (
            <Select
              size="small"
              aria-label={t('opacity')}
              value={draft.opacity ?? ''}
              options={[
                { value: '', label: t('opaque') },
                ...OPACITIES.map((o) => ({ value: o, label: OPACITY_VALUES[o].toLocaleString(currentLocale()) })),
              ]}
              onChange={(opacity: AnnotationLayer['opacity']) => set({ opacity })}
            />
          )}
        </div>
        {series && (
          <>
            <Checkbox checked={Boolean(draft.showMarkers)} onChange={(e) => set({ showMarkers: e.target.checked })}>
              {t('showMarkers')}
            </Checkbox>
            <Checkbox checked={Boolean(draft.hideLine)} onChange={(e) => set({ hideLine: e.target.checked })}>
              {t('hideLine')}
            </Checkbox>
          </>
        )}
        <Checkbox checked={draft.show} onChange={(e) => set({ show: e.target.checked })}>
          {t('show')}
        </Checkbox>
        {!series && (
          <Checkbox checked={draft.showLabel} onChange={(e) => set({ showLabel: e.target.checked })}>
            {t('alwaysShowLabel')}
          </Checkbox>
        )}
        {error && <div className="rama-editor-hint">{error}</div>}
      </div>
      <div className="rama-editor-actions">
        <Button size="small" onClick={onClose}>
          {t('common:close')}
        </Button>
        <Button size="small" type="primary" disabled={error !== null} onClick={() => onSave({ ...draft, name: draft.name.trim() })}>
          {t('common:apply')}
        </Button>
      </div>
    </div>
  );
}
