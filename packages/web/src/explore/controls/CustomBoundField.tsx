/** One side of a Custom time range: a specific date-time, N units before/after its anchor, now, or midnight (the peer's modes). */
import { DatePicker, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isoDateTime, RELATIVE_UNITS, type CustomBound, type RelativeUnit } from './timeRangeModel';

/** The modes and the keys of their names in explorecontrols.json. */
const MODES = [
  ['specific', 'boundSpecific'],
  ['relative', 'boundRelative'],
  ['now', 'boundNow'],
  ['today', 'boundMidnight'],
] as const satisfies readonly (readonly [CustomBound['mode'], string])[];

/** A unit's name, plural, as the relative bound offers it. */
const UNIT_KEYS = {
  second: 'unitSeconds',
  minute: 'unitMinutes',
  hour: 'unitHours',
  day: 'unitDays',
  week: 'unitWeeks',
  month: 'unitMonths',
  quarter: 'unitQuarters',
  year: 'unitYears',
} as const satisfies Record<RelativeUnit, string>;

const FORMAT = 'YYYY-MM-DDTHH:mm:ss';

function boundForMode(mode: CustomBound['mode'], previous: CustomBound, direction: 'before' | 'after'): CustomBound {
  switch (mode) {
    case 'specific': {
      const now = new Date();
      return { mode, date: isoDateTime(new Date(now.getFullYear(), now.getMonth(), now.getDate())) };
    }
    case 'relative':
      return previous.mode === 'relative' ? previous : { mode, amount: 7, unit: 'day', direction };
    case 'now':
    case 'today':
      return { mode };
  }
}

interface CustomBoundFieldProps {
  label: string;
  bound: CustomBound;
  /** a new relative start counts back from its anchor, a new relative end forward (as the peer's) */
  side?: 'since' | 'until';
  /** what a relative bound counts from, as the direction reads it ("now", or the other side's date-time) */
  anchorLabel?: string;
  onChange: (bound: CustomBound) => void;
}

export function CustomBoundField({ label, bound, side = 'since', anchorLabel, onChange }: CustomBoundFieldProps) {
  const { t } = useTranslation('explorecontrols');
  const anchor = anchorLabel ?? t('anchorNow');
  return (
    <fieldset className="rama-custom-bound">
      <legend>{label}</legend>
      <Select
        aria-label={t('boundKindOf', { label })}
        size="small"
        value={bound.mode}
        options={MODES.map(([value, key]) => ({ value, label: t(key) }))}
        onChange={(mode: CustomBound['mode']) => onChange(boundForMode(mode, bound, side === 'since' ? 'before' : 'after'))}
        style={{ width: '100%' }}
      />
      {bound.mode === 'specific' && (
        <DatePicker
          aria-label={t('boundDateOf', { label })}
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
            aria-label={t('boundAmountOf', { label })}
            size="small"
            min={0}
            precision={0}
            value={bound.amount}
            onChange={(n) => onChange({ ...bound, amount: n ?? 0 })}
          />
          <Select
            aria-label={t('boundUnitOf', { label })}
            size="small"
            value={bound.unit}
            options={RELATIVE_UNITS.map((u) => ({ value: u, label: t(UNIT_KEYS[u]) }))}
            onChange={(unit: RelativeUnit) => onChange({ ...bound, unit })}
          />
          <Select
            aria-label={t('boundDirectionOf', { label })}
            size="small"
            value={bound.direction}
            options={[
              { value: 'before', label: t('beforeAnchor', { anchor }) },
              { value: 'after', label: t('afterAnchor', { anchor }) },
            ]}
            onChange={(direction: 'before' | 'after') => onChange({ ...bound, direction })}
          />
        </div>
      )}
    </fieldset>
  );
}
