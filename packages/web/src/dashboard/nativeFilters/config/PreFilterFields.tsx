/**
 * What narrows and orders the values a filter offers: the pre-filter (Explore's adhoc filter
 * editor and time range picker on the filter's dataset) for value and range filters, and for
 * value filters the sort order and an optional sort metric.
 */
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

const PRE_FILTER_CONFIG: ControlConfig = { type: 'AdhocFilterControl', label: 'Pre-filter', placeholder: 'Add a pre-filter' };
/** The server's default SQL_MAX_ROW: the adhoc filter editor reads it from its context. */
const SQL_MAX_ROW = 100000;

function withSortMetric(filter: NativeFilter, metric: string | null): NativeFilter {
  const next: NativeFilter = { ...filter, sortMetric: metric };
  if (metric === null) delete next.sortMetric;
  return next;
}

export function PreFilterFields({ filter, dataset, errors, onChange }: PreFilterFieldsProps) {
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
      <Form.Item label="Pre-filter" extra="Only the rows these filters keep give the values the filter offers.">
        <AdhocFilterControl
          name="native-filter-pre-filter"
          value={filter.adhoc_filters ?? []}
          onChange={(v) => onChange({ ...filter, adhoc_filters: (v as NativeFilter['adhoc_filters']) ?? [] }, [])}
          config={PRE_FILTER_CONFIG}
          context={{ formData, datasource: dataset ?? null, sqlMaxRow: SQL_MAX_ROW }}
          datasource={dataset ?? null}
          formData={formData}
          errors={[]}
        />
      </Form.Item>
      {timeColumns.length > 0 && (
        <div className="rama-fcfg-row">
          <Form.Item label="Time range" htmlFor="native-filter-time-range">
            <TimeRangePicker id="native-filter-time-range" value={timeRange} column={timeColumn} onChange={setTimeRange} />
          </Form.Item>
          {timeRange !== NO_TIME_RANGE && (
            <Form.Item label="Time column" htmlFor="native-filter-time-column">
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
          <Form.Item label="Sort values">
            <Radio.Group
              value={filter.controlValues?.sortAscending === false ? 'desc' : 'asc'}
              onChange={(e) =>
                onChange({ ...filter, controlValues: { ...filter.controlValues, sortAscending: e.target.value === 'asc' } }, [])
              }
              options={[
                { value: 'asc', label: 'Ascending' },
                { value: 'desc', label: 'Descending' },
              ]}
            />
          </Form.Item>
          <Form.Item
            label="Sort metric"
            htmlFor="native-filter-sort-metric"
            validateStatus={errors.sortMetric ? 'error' : undefined}
            help={errors.sortMetric}
            extra="Values are ordered by this metric instead of by value."
          >
            <Select<string | null>
              id="native-filter-sort-metric"
              value={filter.sortMetric ?? null}
              onChange={(v) => onChange(withSortMetric(filter, v ?? null), ['sortMetric'])}
              options={(dataset?.metrics ?? []).map((m) => ({ value: m.metric_name, label: m.verbose_name || m.metric_name }))}
              allowClear
              placeholder="By value"
              disabled={!dataset}
            />
          </Form.Item>
        </div>
      )}
    </>
  );
}
