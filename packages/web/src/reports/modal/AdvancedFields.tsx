/** The settings most reports keep at their defaults: timeouts, the grace period, log retention, the capture. */
import { Checkbox, Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPORT_MAX_WIDTH, REPORT_MIN_WIDTH } from '@rama/shared';
import { t as translate } from '../../i18n';
import { formatDuration } from '../reportDisplay';
import { fieldStatus, type SectionProps } from './fieldStatus';

const RETENTION_DAYS = [1, 7, 14, 30, 60, 90, 180, 365];
const retentionOptions = () => [
  ...RETENTION_DAYS.map((days) => ({ value: days, label: translate('reports:days', { count: days }) })),
  { value: 0, label: translate('reports:keepEveryRun') },
];

/** seconds: the hint says how long that is */
function seconds(value: number, what: string): string {
  return translate('reports:withDuration', { text: what, duration: formatDuration(value) });
}

export function AdvancedFields({ values, onChange, errors }: SectionProps) {
  const { t } = useTranslation('reports');
  const isAlert = values.type === 'Alert';
  const isChart = values.targetKind === 'chart';
  const options = retentionOptions();
  const retention = options.some((o) => o.value === values.logRetention)
    ? options
    : [...options, { value: values.logRetention, label: t('days', { count: values.logRetention }) }];
  const timeoutStatus = fieldStatus(errors, 'working_timeout', seconds(values.workingTimeout, t('workingTimeoutHelp')));
  const graceStatus = fieldStatus(errors, 'grace_period', seconds(values.gracePeriod, t('gracePeriodHelp')));
  const retentionStatus = fieldStatus(errors, 'log_retention', t('logRetentionHelp'));
  const widthStatus = fieldStatus(errors, 'custom_width', t('screenshotWidthHelp', { min: REPORT_MIN_WIDTH, max: REPORT_MAX_WIDTH }));

  return (
    <>
      <Form.Item label={t('workingTimeout')} htmlFor="report-working-timeout" {...timeoutStatus}>
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
        <Form.Item label={t('gracePeriod')} htmlFor="report-grace-period" {...graceStatus}>
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
      <Form.Item label={t('logRetention')} htmlFor="report-log-retention" {...retentionStatus}>
        <Select<number>
          id="report-log-retention"
          aria-label={t('logRetention')}
          value={values.logRetention}
          options={retention}
          onChange={(logRetention) => onChange({ logRetention })}
        />
      </Form.Item>
      <Form.Item label={t('screenshotWidth')} htmlFor="report-custom-width" {...widthStatus}>
        <InputNumber<number>
          id="report-custom-width"
          min={REPORT_MIN_WIDTH}
          max={REPORT_MAX_WIDTH}
          precision={0}
          placeholder={t('default')}
          value={values.customWidth}
          onChange={(v) => onChange({ customWidth: typeof v === 'number' ? v : null })}
        />
      </Form.Item>
      {isChart && (
        <Form.Item help={t('ignoreCacheHelp')}>
          <Checkbox checked={values.forceScreenshot} onChange={(e) => onChange({ forceScreenshot: e.target.checked })}>
            {t('ignoreCache')}
          </Checkbox>
        </Form.Item>
      )}
    </>
  );
}
