/** One side of a Custom time range: a specific date-time, N units before/after now, now, or midnight. */
import { DatePicker, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { isoDateTime, RELATIVE_UNITS, type CustomBound, type RelativeUnit } from './timeRangeModel';

const MODES: { value: CustomBound['mode']; label: string }[] = [
  { value: 'specific', label: 'Specific date/time' },
  { value: 'relative', label: 'Relative to now' },
  { value: 'now', label: 'Now' },
  { value: 'today', label: 'Midnight' },
];

const FORMAT = 'YYYY-MM-DDTHH:mm:ss';

function boundForMode(mode: CustomBound['mode'], previous: CustomBound): CustomBound {
  switch (mode) {
    case 'specific': {
      const now = new Date();
      return { mode, date: isoDateTime(new Date(now.getFullYear(), now.getMonth(), now.getDate())) };
    }
    case 'relative':
      return previous.mode === 'relative' ? previous : { mode, amount: 7, unit: 'day', direction: 'before' };
    case 'now':
    case 'today':
      return { mode };
  }
}

interface CustomBoundFieldProps {
  label: string;
  bound: CustomBound;
  onChange: (bound: CustomBound) => void;
}

export function CustomBoundField({ label, bound, onChange }: CustomBoundFieldProps) {
  return (
    <fieldset className="rama-custom-bound">
      <legend>{label}</legend>
      <Select
        aria-label={`${label} kind`}
        size="small"
        value={bound.mode}
        options={MODES}
        onChange={(mode: CustomBound['mode']) => onChange(boundForMode(mode, bound))}
        style={{ width: '100%' }}
      />
      {bound.mode === 'specific' && (
        <DatePicker
          aria-label={`${label} date and time`}
          size="small"
          showTime
          allowClear={false}
          value={dayjs(bound.date, FORMAT)}
          onChange={(d) => d && onChange({ mode: 'specific', date: d.format(FORMAT) })}
          style={{ width: '100%' }}
        />
      )}
      {bound.mode === 'relative' && (
        <div className="rama-relative-bound">
          <InputNumber
            aria-label={`${label} amount`}
            size="small"
            min={0}
            precision={0}
            value={bound.amount}
            onChange={(n) => onChange({ ...bound, amount: n ?? 0 })}
          />
          <Select
            aria-label={`${label} unit`}
            size="small"
            value={bound.unit}
            options={RELATIVE_UNITS.map((u) => ({ value: u, label: `${u}s` }))}
            onChange={(unit: RelativeUnit) => onChange({ ...bound, unit })}
          />
          <Select
            aria-label={`${label} direction`}
            size="small"
            value={bound.direction}
            options={[
              { value: 'before', label: 'before now' },
              { value: 'after', label: 'after now' },
            ]}
            onChange={(direction: 'before' | 'after') => onChange({ ...bound, direction })}
          />
        </div>
      )}
    </fieldset>
  );
}
