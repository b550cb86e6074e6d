/**
 * The metric editor popover: Saved (the dataset's metrics, searchable), Simple (column and
 * aggregate) and Custom SQL tabs, and the metric's title, which becomes a custom label once edited.
 */
import { useState } from 'react';
import { Button, Input, Select, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdhocMetric, ExploreDatasource, MetricAggregate, QueryMetric } from '@rama/shared';
import { SqlField } from '../../datasets/editor/SqlField';
import { columnKind, findColumn } from './columns';
import { ColumnTypeIcon } from './ColumnTypeIcon';
import {
  aggregatesFor,
  defaultAggregateFor,
  defaultMetricLabel,
  isAdhocMetric,
  newOptionName,
  simpleMetric,
  sqlMetric,
  METRIC_AGGREGATES,
} from './metrics';

type MetricTab = 'saved' | 'simple' | 'sql';

export interface MetricEditorProps {
  /** the metric being edited; null for a new one */
  metric: QueryMetric | null;
  /** a column dropped from the datasource pane: the editor opens on Simple with it */
  presetColumn?: string | null;
  datasource: ExploreDatasource | null;
  onSave: (metric: QueryMetric) => void;
  onClose: () => void;
}

function initialTab(metric: QueryMetric | null, presetColumn: string | null | undefined, datasource: ExploreDatasource | null): MetricTab {
  if (typeof metric === 'string') return 'saved';
  if (metric) return metric.expressionType === 'SQL' ? 'sql' : 'simple';
  if (presetColumn) return 'simple';
  return datasource?.metrics.length ? 'saved' : 'simple';
}

export function MetricEditor({ metric, presetColumn, datasource, onSave, onClose }: MetricEditorProps) {
  const { t } = useTranslation('explorecontrols');
  const adhoc: AdhocMetric | null = isAdhocMetric(metric) ? metric : null;
  const columns = datasource?.columns ?? [];
  const preset = findColumn(columns, presetColumn);
  const [tab, setTab] = useState<MetricTab>(() => initialTab(metric, presetColumn, datasource));
  const [saved, setSaved] = useState<string | null>(typeof metric === 'string' ? metric : null);
  const [column, setColumn] = useState<string | null>(adhoc?.column?.column_name ?? preset?.column_name ?? null);
  const [aggregate, setAggregate] = useState<MetricAggregate | null>(
    adhoc?.aggregate ?? (preset ? defaultAggregateFor(preset.type_generic) : null),
  );
  const [sql, setSql] = useState(adhoc?.sqlExpression ?? '');
  const [label, setLabel] = useState(adhoc?.hasCustomLabel ? (adhoc.label ?? '') : '');
  const [optionName] = useState(() => adhoc?.optionName ?? newOptionName());

  const draft: QueryMetric | null = (() => {
    if (tab === 'saved') return saved;
    if (tab === 'simple') return column && aggregate ? simpleMetric({ column, aggregate }, label, optionName) : null;
    return sql.trim() ? sqlMetric(sql, label, optionName) : null;
  })();

  const defaultLabel =
    tab === 'simple' && column && aggregate
      ? defaultMetricLabel({ expressionType: 'SIMPLE', column: { column_name: column }, aggregate })
      : tab === 'sql' && sql.trim()
        ? defaultMetricLabel({ expressionType: 'SQL', sqlExpression: sql })
        : t('myMetric');
  const chosenColumn = findColumn(columns, column);
  const aggregates = chosenColumn ? aggregatesFor(chosenColumn.type_generic) : METRIC_AGGREGATES;

  const savedOptions = (datasource?.metrics ?? []).map((m) => ({
    value: m.metric_name,
    label: m.verbose_name ? `${m.verbose_name} (${m.metric_name})` : m.metric_name,
    title: m.expression,
  }));

  return (
    <div className="rama-popover-editor rama-metric-editor" role="dialog" aria-label={t('editMetric')}>
      {tab !== 'saved' && (
        <Input
          className="rama-editor-title"
          aria-label={t('metricTitle')}
          value={label}
          placeholder={defaultLabel}
          onChange={(e) => setLabel(e.target.value)}
          variant="borderless"
        />
      )}
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(k) => setTab(k as MetricTab)}
        items={[
          {
            key: 'saved',
            label: t('tabSaved'),
            children: savedOptions.length ? (
              <Select
                aria-label={t('savedMetric')}
                style={{ width: '100%' }}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('searchSavedMetrics')}
                value={saved ?? undefined}
                onChange={(v: string) => setSaved(v)}
                options={savedOptions}
              />
            ) : (
              <div className="rama-editor-empty">{t('noSavedMetrics')}</div>
            ),
          },
          {
            key: 'simple',
            label: t('tabSimple'),
            children: (
              <div className="rama-editor-fields">
                <label className="rama-editor-field">
                  <span>{t('column')}</span>
                  <Select
                    aria-label={t('column')}
                    showSearch={{ optionFilterProp: 'search' }}
                    placeholder={t('selectColumn')}
                    value={column ?? undefined}
                    onChange={(v: string) => {
                      setColumn(v);
                      const col = findColumn(columns, v);
                      if (col && aggregate && !aggregatesFor(col.type_generic).includes(aggregate))
                        setAggregate(defaultAggregateFor(col.type_generic));
                    }}
                    options={columns.map((c) => ({
                      value: c.column_name,
                      search: `${c.column_name} ${c.verbose_name ?? ''}`,
                      label: (
                        <span className="rama-option-with-icon">
                          <ColumnTypeIcon kind={columnKind(c)} /> {c.verbose_name || c.column_name}
                        </span>
                      ),
                    }))}
                  />
                </label>
                <label className="rama-editor-field">
                  <span>{t('aggregate')}</span>
                  <Select
                    aria-label={t('aggregate')}
                    placeholder={t('selectAggregate')}
                    value={aggregate ?? undefined}
                    onChange={(v: MetricAggregate) => setAggregate(v)}
                    options={aggregates.map((a) => ({ value: a, label: a }))}
                  />
                </label>
              </div>
            ),
          },
          {
            key: 'sql',
            label: t('customSql'),
            children: (
              <SqlField
                value={sql}
                onChange={setSql}
                dialect={datasource?.database.engine_information?.editor_dialect}
                label={t('metricSql')}
                readOnly={false}
              />
            ),
          },
        ]}
      />
      <div className="rama-editor-actions">
        <Button size="small" onClick={onClose}>
          {t('common:close')}
        </Button>
        <Button size="small" type="primary" disabled={draft === null} onClick={() => draft !== null && onSave(draft)}>
          {t('common:save')}
        </Button>
      </div>
    </div>
  );
}
