/** The settings most reports keep at their defaults: timeouts, the grace period, log retention, the capture. */
import { Checkbox, Form, InputNumber, Select } from 'antd';
import { REPORT_MAX_WIDTH, REPORT_MIN_WIDTH } from '@rama/shared';
import { formatDuration } from '../reportDisplay';
import { fieldStatus, type SectionProps } from './fieldStatus';

const RETENTION_DAYS = [1, 7, 14, 30, 60, 90, 180, 365];
const RETENTION_OPTIONS = [
  ...RETENTION_DAYS.map((days) => ({ value: days, label: days === 1 ? '1 day' : `${days} days` })),
  { value: 0, label: 'Keep every run' },
];

/** seconds: the hint says how long that is */
function seconds(value: number, what: string): string {
  return `${what} (${formatDuration(value)})`;
}

export function AdvancedFields({ values, onChange, errors }: SectionProps) {
  const isAlert = values.type === 'Alert';
  const isChart = values.targetKind === 'chart';
  const retention = RETENTION_OPTIONS.some((o) => o.value === values.logRetention)
    ? RETENTION_OPTIONS
    : [...RETENTION_OPTIONS, { value: values.logRetention, label: `${values.logRetention} days` }];

  return (
    <>
      <Form.Item
        label="Working timeout (seconds)"
        htmlFor="report-working-timeout"
        {...fieldStatus(
          errors,
          'working_timeout',
          seconds(values.workingTimeout, 'A run still working after this long is marked as failed'),
        )}
      >
        <InputNumber<number>
          id="report-working-timeout"
          min={1}
          max={86_400}
          precision={0}
          value={values.workingTimeout}
          onChange={(v) => typeof v === 'number' && onChange({ workingTimeout: v })}
        />
      </Form.Item>
      {isAlert && (
        <Form.Item
          label="Grace period (seconds)"
          htmlFor="report-grace-period"
          {...fieldStatus(errors, 'grace_period', seconds(values.gracePeriod, 'After an alert is sent, it stays quiet this long'))}
        >
          <InputNumber<number>
            id="report-grace-period"
            min={0}
            max={31_536_000}
            precision={0}
            value={values.gracePeriod}
            onChange={(v) => typeof v === 'number' && onChange({ gracePeriod: v })}
          />
        </Form.Item>
      )}
      <Form.Item
        label="Log retention"
        htmlFor="report-log-retention"
        {...fieldStatus(errors, 'log_retention', 'How long the execution log keeps each run.')}
      >
        <Select<number>
          id="report-log-retention"
          aria-label="Log retention"
          value={values.logRetention}
          options={retention}
          onChange={(logRetention) => onChange({ logRetention })}
        />
      </Form.Item>
      <Form.Item
        label="Screenshot width (pixels)"
        htmlFor="report-custom-width"
        {...fieldStatus(errors, 'custom_width', `Between ${REPORT_MIN_WIDTH} and ${REPORT_MAX_WIDTH}; empty uses the default width.`)}
      >
        <InputNumber<number>
          id="report-custom-width"
          min={REPORT_MIN_WIDTH}
          max={REPORT_MAX_WIDTH}
          precision={0}
          placeholder="Default"
          value={values.customWidth}
          onChange={(v) => onChange({ customWidth: typeof v === 'number' ? v : null })}
        />
      </Form.Item>
      {isChart && (
        <Form.Item help="The chart's query runs again for each send instead of using a cached result.">
          <Checkbox checked={values.forceScreenshot} onChange={(e) => onChange({ forceScreenshot: e.target.checked })}>
            Ignore the cache when sending
          </Checkbox>
        </Form.Item>
      )}
    </>
  );
}
