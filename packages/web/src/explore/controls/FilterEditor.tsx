/**
 * The adhoc filter editor popover: Simple (column, operator, comparator — a value list with the
 * column's values for IN / NOT IN, one value for comparisons, none for IS NULL and the like, the
 * time range picker for TEMPORAL_RANGE) and Custom SQL (a WHERE or HAVING clause). A Simple filter
 * on a metric (the chart's or a saved one) filters after aggregation: its clause is HAVING, as the
 * peer's editor infers it from the subject.
 */
import { useMemo, useState } from 'react';
import { Button, Input, Select, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExploreDatasource, QueryFormData } from '@rama/shared';
import { SqlField } from '../../datasets/editor/SqlField';
import { columnKind, findColumn } from './columns';
import { ColumnTypeIcon } from './ColumnTypeIcon';
import {
  clauseForSubject,
  coerceComparator,
  coerceHavingComparator,
  comparatorFor,
  havingConditionSql,
  metricSubjects,
  isFilterComplete,
  MULTI_OPERATORS,
  NO_COMPARATOR_OPERATORS,
  operatorIdOf,
  operatorLabel,
  operatorsFor,
  simpleFilter,
  sqlFilter,
  type ControlAdhocFilter,
  type OperatorId,
} from './filters';
import { newOptionName } from './metrics';
import { TimeRangeEditor } from './TimeRangePicker';
import { useDistinctValues } from './useDistinctValues';

type FilterTab = 'simple' | 'sql';

export interface FilterEditorProps {
  filter: ControlAdhocFilter | null;
  presetColumn?: string | null;
  datasource: ExploreDatasource | null;
  /** the chart's form data: its metrics are offered as HAVING subjects */
  formData?: QueryFormData | null;
  onSave: (filter: ControlAdhocFilter) => void;
  onClose: () => void;
}

const valueText = (v: unknown) => (v === null ? 'NULL' : String(v));

/** The subject select's values: a column and a metric may share a name. */
const COLUMN_KEY = 'column:';
const METRIC_KEY = 'metric:';

export function FilterEditor({ filter, presetColumn, datasource, formData, onSave, onClose }: FilterEditorProps) {
  const { t } = useTranslation('explorecontrols');
  const columns = datasource?.columns ?? [];
  const metrics = useMemo(() => metricSubjects(datasource, formData), [datasource, formData]);
  const simple = filter?.expressionType === 'SIMPLE' ? filter : null;
  const [tab, setTab] = useState<FilterTab>(filter?.expressionType === 'SQL' ? 'sql' : 'simple');
  const [subject, setSubject] = useState<string | null>(simple?.subject ?? presetColumn ?? null);
  // a metric subject makes the Simple filter a HAVING filter
  const [simpleClause, setSimpleClause] = useState<'WHERE' | 'HAVING'>(simple?.clause === 'HAVING' ? 'HAVING' : 'WHERE');
  const having = simpleClause === 'HAVING';
  const column = having ? undefined : findColumn(columns, subject);
  const [operatorId, setOperatorId] = useState<OperatorId | null>(() => {
    if (simple) return operatorIdOf(simple.operator, simple.operatorId);
    const preset = findColumn(columns, presetColumn);
    return preset ? operatorsFor(preset)[0] : null;
  });
  const [comparator, setComparator] = useState<unknown>(() =>
    simple ? simple.comparator : operatorId ? comparatorFor(operatorId, undefined) : undefined,
  );
  const [timeRangeValid, setTimeRangeValid] = useState(true);
  const [clause, setClause] = useState<'WHERE' | 'HAVING'>(filter?.clause ?? 'WHERE');
  const [sql, setSql] = useState(filter?.expressionType === 'SQL' ? filter.sqlExpression : '');
  const [search, setSearch] = useState('');
  const [optionName] = useState(() => filter?.filterOptionName ?? newOptionName('filter'));

  const operators = having ? operatorsFor(null, 'HAVING') : operatorsFor(column ?? null);
  const isMulti = operatorId !== null && MULTI_OPERATORS.has(operatorId);
  const distinct = useDistinctValues(datasource, having ? null : subject, search, tab === 'simple' && isMulti && !having);

  const draft: ControlAdhocFilter | null = (() => {
    if (tab === 'sql') return sql.trim() ? sqlFilter(sql, clause, optionName) : null;
    if (!subject || !operatorId) return null;
    const value = having ? coerceHavingComparator(comparator) : coerceComparator(comparator, column);
    const f = simpleFilter(subject, operatorId, value, { filterOptionName: optionName, clause: simpleClause });
    if (having) {
      // the query sends a HAVING filter as its SQL condition on the metric's aggregate
      const metric = metrics.find((m) => m.name === subject);
      const condition = havingConditionSql(metric?.sql ?? null, operatorId, f.comparator);
      if (!condition) return null;
      f.sqlExpression = condition;
    }
    return isFilterComplete(f) ? f : null;
  })();
  const canSave = draft !== null && (operatorId !== 'TEMPORAL_RANGE' || tab === 'sql' || timeRangeValid);

  const chooseSubject = (key: string) => {
    const isMetric = key.startsWith(METRIC_KEY);
    const name = key.slice(isMetric ? METRIC_KEY.length : COLUMN_KEY.length);
    const nextClause = isMetric ? 'HAVING' : clauseForSubject(name, [], columns);
    setSubject(name);
    setSimpleClause(nextClause);
    const next = nextClause === 'HAVING' ? operatorsFor(null, 'HAVING') : operatorsFor(findColumn(columns, name) ?? null);
    const op = operatorId && next.includes(operatorId) ? operatorId : next[0];
    setOperatorId(op);
    setComparator(comparatorFor(op, op === operatorId ? comparator : undefined));
    setSearch('');
  };
  const chooseOperator = (op: OperatorId) => {
    setOperatorId(op);
    setComparator(comparatorFor(op, operatorId === 'TEMPORAL_RANGE' || op === 'TEMPORAL_RANGE' ? undefined : comparator));
  };

  const comparatorField = (() => {
    if (!operatorId || NO_COMPARATOR_OPERATORS.has(operatorId)) return null;
    if (operatorId === 'TEMPORAL_RANGE') {
      return (
        <TimeRangeEditor
          value={typeof comparator === 'string' ? comparator : ''}
          column={subject}
          onDraftChange={(v, valid) => {
            setComparator(v);
            setTimeRangeValid(valid);
          }}
        />
      );
    }
    if (isMulti) {
      const chosen = Array.isArray(comparator) ? comparator : [];
      const options = [...new Set([...chosen, ...distinct.values.filter((v) => v !== null)].map(valueText))].map((v) => ({
        value: v,
        label: v,
      }));
      return (
        <Select
          aria-label={t('values')}
          mode="tags"
          style={{ width: '100%' }}
          placeholder={distinct.loading ? t('loadingValues') : t('typeOrChooseValues')}
          loading={distinct.loading}
          value={chosen.map(valueText)}
          options={options}
          showSearch={{ onSearch: setSearch }}
          notFoundContent={distinct.error ?? (distinct.loading ? t('common:loadingEllipsis') : t('noValues'))}
          onChange={(vals: string[]) => setComparator(vals)}
        />
      );
    }
    return (
      <Input
        aria-label={t('value')}
        placeholder={operatorId === 'LIKE' || operatorId === 'ILIKE' ? t('likePattern') : t('value')}
        value={comparator === undefined || comparator === null ? '' : String(comparator)}
        onChange={(e) => setComparator(e.target.value)}
      />
    );
  })();

  return (
    <div className="rama-popover-editor rama-filter-editor" role="dialog" aria-label={t('editFilter')}>
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(k) => setTab(k as FilterTab)}
        items={[
          {
            key: 'simple',
            label: t('tabSimple'),
            children: (
              <div className="rama-editor-fields">
                <Select
                  aria-label={t('column')}
                  showSearch={{ optionFilterProp: 'search' }}
                  placeholder={t('selectColumnOrMetric')}
                  value={subject ? `${having ? METRIC_KEY : COLUMN_KEY}${subject}` : undefined}
                  onChange={chooseSubject}
                  options={[
                    {
                      label: t('columns'),
                      options: columns
                        .filter((c) => c.filterable || (!having && c.column_name === subject))
                        .map((c) => ({
                          value: `${COLUMN_KEY}${c.column_name}`,
                          search: `${c.column_name} ${c.verbose_name ?? ''}`,
                          label: (
                            <span className="rama-option-with-icon">
                              <ColumnTypeIcon kind={columnKind(c)} /> {c.verbose_name || c.column_name}
                            </span>
                          ),
                        })),
                    },
                    {
                      label: t('metrics'),
                      options: [
                        ...metrics,
                        ...(having && subject && !metrics.some((m) => m.name === subject)
                          ? [{ name: subject, label: subject, saved: false }]
                          : []),
                      ].map((m) => ({
                        value: `${METRIC_KEY}${m.name}`,
                        search: `${m.name} ${m.label}`,
                        label: (
                          <span className="rama-option-with-icon">
                            <ColumnTypeIcon kind="metric" /> {m.label}
                          </span>
                        ),
                      })),
                    },
                  ]}
                />
                {having && <div className="rama-editor-hint">{t('havingHint')}</div>}
                <Select
                  aria-label={t('operator')}
                  placeholder={t('selectOperator')}
                  value={operatorId ?? undefined}
                  onChange={chooseOperator}
                  options={operators.map((id) => ({ value: id, label: operatorLabel(id) }))}
                />
                {comparatorField}
              </div>
            ),
          },
          {
            key: 'sql',
            label: t('customSql'),
            children: (
              <div className="rama-editor-fields">
                <Select
                  aria-label={t('clause')}
                  value={clause}
                  onChange={(v: 'WHERE' | 'HAVING') => setClause(v)}
                  options={[
                    { value: 'WHERE', label: 'WHERE' }, // i18n-ignore: SQL
                    { value: 'HAVING', label: 'HAVING' }, // i18n-ignore: SQL
                  ]}
                />
                <SqlField
                  value={sql}
                  onChange={setSql}
                  dialect={datasource?.database.engine_information?.editor_dialect}
                  label={t('clauseSql', { clause })}
                  readOnly={false}
                />
                <div className="rama-editor-hint">{clause === 'WHERE' ? t('whereHint') : t('havingSqlHint')}</div>
              </div>
            ),
          },
        ]}
      />
      <div className="rama-editor-actions">
        <Button size="small" onClick={onClose}>
          {t('common:close')}
        </Button>
        <Button size="small" type="primary" disabled={!canSave} onClick={() => draft && onSave(draft)}>
          {t('common:save')}
        </Button>
      </div>
    </div>
  );
}
