/**
 * Metrics (multi) and Metric (single): chips of the chosen metrics, the metric editor popover, and
 * drops from the datasource pane (a metric is added by name; a column opens the editor on Simple).
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryMetric } from '@rama/shared';
import { ChipList, type Chip, type Editing } from './ChipList';
import { ColumnTypeIcon } from './ColumnTypeIcon';
import { controlText } from './controlTexts';
import { MetricEditor } from './MetricEditor';
import { dedupeMetrics, metricKey, metricLabel, metricList, moveItem } from './metrics';
import type { ControlProps, DatasourceDragItem } from './types';

const DROP_KINDS = ['column', 'metric'] as const;

function MetricsListControl({ name, value, onChange, config, datasource, errors, multi }: ControlProps & { multi: boolean }) {
  const { t } = useTranslation('explorecontrols');
  const metrics = metricList(value);
  const [editing, setEditing] = useState<Editing>(null);
  const [presetColumn, setPresetColumn] = useState<string | null>(null);

  const commit = useCallback(
    (next: QueryMetric[]) => {
      if (multi) onChange(dedupeMetrics(next));
      else onChange(next[0] ?? null);
    },
    [multi, onChange],
  );

  const handleDrop = (item: DatasourceDragItem) => {
    if (item.kind === 'metric') {
      commit(multi ? [...metrics, item.name] : [item.name]);
      return;
    }
    setPresetColumn(item.name);
    setEditing(multi || metrics.length === 0 ? { index: 'new' } : { index: 0 });
  };

  const close = () => {
    setEditing(null);
    setPresetColumn(null);
  };
  const save = (metric: QueryMetric) => {
    if (editing === null) return;
    if (editing.index === 'new') commit([...metrics, metric]);
    else commit(metrics.map((m, i) => (i === editing.index ? metric : m)));
    close();
  };

  const savedNames = new Set(datasource?.metrics.map((m) => m.metric_name));
  const chips: Chip[] = metrics.map((m, i) => {
    const label = metricLabel(m, datasource);
    const missing = typeof m === 'string' && datasource !== null && !savedNames.has(m);
    return {
      key: `${metricKey(m)}-${i}`,
      label,
      title: label,
      icon: <ColumnTypeIcon kind="metric" />,
      warning: missing ? t('noSuchMetric', { name: m }) : undefined,
    };
  });
  const current = editing && editing.index !== 'new' ? (metrics[editing.index] ?? null) : null;

  return (
    <ChipList
      name={name}
      chips={chips}
      editing={editing}
      onEditingChange={(e) => (e === null ? close() : setEditing(e))}
      editor={
        <MetricEditor
          key={editing === null ? 'closed' : `${String(editing.index)}-${presetColumn ?? ''}`}
          metric={current}
          presetColumn={presetColumn}
          datasource={datasource}
          onSave={save}
          onClose={close}
        />
      }
      onRemove={(i) => commit(metrics.filter((_, j) => j !== i))}
      onReorder={multi ? (from, to) => commit(moveItem(metrics, from, to)) : undefined}
      canAdd={multi || metrics.length === 0}
      addLabel={config.placeholder ? controlText(config.placeholder) : t('dropMetrics')}
      dropKinds={DROP_KINDS}
      onDropItem={handleDrop}
      invalid={errors.length > 0}
    />
  );
}

export function MetricsControl(props: ControlProps) {
  return <MetricsListControl {...props} multi />;
}

export function MetricControl(props: ControlProps) {
  return <MetricsListControl {...props} multi={Boolean(props.config.multi)} />;
}
