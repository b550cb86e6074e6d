/**
 * What narrows and orders the values a filter offers: the pre-filter (Explore's adhoc filter
 * editor and time range picker on the filter's dataset) for value and range filters, and for
 * value filters the sort order and an optional sort metric.
 */
import { useTranslation } from 'react-i18next';
import { Form, Radio, Select } from 'antd';
import { NO_TIME_RANGE, type ControlConfig, type ExploreDatasource, type NativeFilter, type QueryFormData } from '@rama/shared';
import { AdhocFilterControl } from '../../../explore/controls/AdhocFilterControl';
import { timeColumnOf } from '../../../explore/controls/filters';
import { TimeRangePicker } from '../../../explore/controls/TimeRangePicker';
import { temporalColumns } from './filterEdits';
import type { FieldErrors, FilterField } from './configModel';
import '../../../explore/controls/controls.css';

export interface PreFilterFieldsProps {
  filter: NativeFilter;
  dataset: ExploreDatasource | undefined;
  errors: FieldErrors;
  onChange: (filter: NativeFilter, fields: readonly FilterField[]) => void;
}

/** The server's default SQL_MAX_ROW: the adhoc filter editor reads it from its context. */
const SQL_MAX_ROW = 100000;

function withSortMetric(filter: NativeFilter, metric: string | null): NativeFilter {
  const next: NativeFilter = { ...filter, sortMetric: metric };
  if (metric === null) delete next.sortMetric;
  return next;
}

export function PreFilterFields({ filter, dataset, errors, onChange }: PreFilterFieldsProps) {
  const { t } = useTranslation('dashboard');
  const preFilterConfig: ControlConfig = {
    type: 'AdhocFilterControl',
    label: t('config.preFilterLabel'),
    placeholder: t('config.addPreFilter'),
  };
  const formData: QueryFormData = { viz_type: filter.filterType, datasource: dataset?.uid ?? '' };
  const timeRange = filter.time_range || NO_TIME_RANGE;
  const timeColumns = dataset ? temporalColumns(dataset) : [];
  const timeColumn = filter.granularity_sqla ?? timeColumnOf(dataset);

  const setTimeRange = (value: string) => {
    const next: NativeFilter = { ...filter, time_range: value };
    // the range applies to a time column: the dataset's main one unless another is chosen
    if (value !== NO_TIME_RANGE && !next.granularity_sqla && timeColumn) next.granularity_sqla = timeColumn;
    onChange(next, []);
  };

  return (
    <>
      <Form.Item label={t('config.preFilterLabel')} extra={t('config.preFilterHelp')}>
        <AdhocFilterControl
          name="native-filter-pre-filter"
          value={filter.adhoc_filters ?? []}
          onChange={(v) => onChange({ ...filter, adhoc_filters: (v as NativeFilter['adhoc_filters']) ?? [] }, [])}
          config={preFilterConfig}
          context={{ formData, datasource: dataset ?? null, sqlMaxRow: SQL_MAX_ROW }}
          datasource={dataset ?? null}
          formData={formData}
          errors={[]}
        />
      </Form.Item>
      {timeColumns.length > 0 && (
        <div className="rama-fcfg-row">
          <Form.Item label={t('config.timeRange')} htmlFor="native-filter-time-range">
            <TimeRangePicker id="native-filter-time-range" value={timeRange} column={timeColumn} onChange={setTimeRange} />
          </Form.Item>
          {timeRange !== NO_TIME_RANGE && (
            <Form.Item label={t('filterBar.timeColumn')} htmlFor="native-filter-time-column">
              <Select<string>
                id="native-filter-time-column"
                value={timeColumn ?? undefined}
                onChange={(v) => onChange({ ...filter, granularity_sqla: v }, [])}
                options={timeColumns.map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }))}
              />
            </Form.Item>
          )}
        </div>
      )}
      {filter.filterType === 'filter_select' && (
        <div className="rama-fcfg-row">
          <Form.Item label={t('config.sortValues')}>
            <Radio.Group
              value={filter.controlValues?.sortAscending === false ? 'desc' : 'asc'}
              onChange={(e) =>
                onChange({ ...filter, controlValues: { ...filter.controlValues, sortAscending: e.target.value === 'asc' } }, [])
              }
              options={[
                { value: 'asc', label: t('config.ascending') },
                { value: 'desc', label: t('config.descending') },
              ]}
            />
          </Form.Item>
          <Form.Item
            label={t('config.sortMetric')}
            htmlFor="native-filter-sort-metric"
            validateStatus={errors.sortMetric ? 'error' : undefined}
            help={errors.sortMetric}
            extra={t('config.sortMetricHelp')}
          >
            <Select<string | null>
              id="native-filter-sort-metric"
              value={filter.sortMetric ?? null}
              onChange={(v) => onChange(withSortMetric(filter, v ?? null), ['sortMetric'])}
              options={(dataset?.metrics ?? []).map((m) => ({ value: m.metric_name, label: m.verbose_name || m.metric_name }))}
              allowClear
              placeholder={t('config.byValue')}
              disabled={!dataset}
            />
          </Form.Item>
        </div>
      )}
    </>
  );
}
