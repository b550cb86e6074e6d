/** The `time_range` control: the time range picker on the chart's time column. */
import { timeColumnOf } from './filters';
import { TimeRangePicker } from './TimeRangePicker';
import type { ControlProps } from './types';

export function TimeRangeControl({ name, value, onChange, formData, datasource }: ControlProps) {
  const column = typeof formData.granularity_sqla === 'string' ? formData.granularity_sqla : timeColumnOf(datasource);
  return (
    <TimeRangePicker
      id={`control-${name}`}
      value={typeof value === 'string' ? value : null}
      column={column}
      onChange={(v) => onChange(v)}
    />
  );
}
