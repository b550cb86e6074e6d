/**
 * The schedule: common choices, or a cron typed in (checked as it is typed), the time zone it is
 * read in, and the next three runs on that zone's clock, so a schedule can be checked before it is saved.
 */
import { useMemo } from 'react';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_PRESETS, crontabError, humanizeCrontab, nextRuns } from '@rama/shared';
import { currentLocale, sharedText } from '../../i18n';
import { formatRunTime, supportedTimezones } from '../reportDisplay';
import { fieldStatus, type SectionProps } from './fieldStatus';

const CUSTOM = 'custom';

export function ScheduleFields({ values, onChange, errors }: SectionProps) {
  const { t } = useTranslation('reports');
  const choices = [
    ...SCHEDULE_PRESETS.map((p) => ({ value: p.crontab, label: sharedText('messages', p.label) })),
    { value: CUSTOM, label: t('customCron') },
  ];
  const { crontab, timezone, customSchedule } = values;
  const timezones = useMemo(() => supportedTimezones().map((z) => ({ value: z, label: z.replaceAll('_', ' ') })), []);
  const runs = useMemo(() => nextRuns(crontab, timezone, 3), [crontab, timezone]);
  // a cron being typed is checked at once; a preset is always valid
  const cronError = customSchedule ? crontabError(crontab) : null;
  const cronMessage = errors.crontab ?? (cronError ? sharedText('messages', cronError) : null);
  const reading = humanizeCrontab(crontab);
  const timezoneStatus = fieldStatus(errors, 'timezone', t('timezoneHelp'));

  const handleChoice = (value: string) => {
    if (value === CUSTOM) onChange({ customSchedule: true });
    else onChange({ customSchedule: false, crontab: value });
  };

  return (
    <>
      <Form.Item label={t('schedule')} required htmlFor="report-schedule">
        <Select
          id="report-schedule"
          aria-label={t('schedule')}
          value={customSchedule ? CUSTOM : crontab}
          options={choices}
          onChange={handleChoice}
        />
      </Form.Item>
      {customSchedule && (
        <Form.Item
          label={t('cronSchedule')}
          required
          htmlFor="report-crontab"
          validateStatus={cronMessage ? 'error' : undefined}
          help={cronMessage ?? (reading !== crontab.trim() ? reading : t('cronHelp', { example: '30 8 * * 1-5' }))}
        >
          <Input
            id="report-crontab"
            className="rama-mono"
            value={crontab}
            placeholder="0 9 * * 1-5"
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => onChange({ crontab: e.target.value })}
          />
        </Form.Item>
      )}
      <Form.Item label={t('timezone')} required htmlFor="report-timezone" {...timezoneStatus}>
        <Select
          id="report-timezone"
          aria-label={t('timezone')}
          showSearch={{ optionFilterProp: 'label' }}
          value={timezone}
          options={timezones}
          onChange={(zone: string) => onChange({ timezone: zone })}
        />
      </Form.Item>
      <div className="rama-report-runs" aria-live="polite">
        <Typography.Text type="secondary">{t('nextRuns')}</Typography.Text>
        {runs.length > 0 ? (
          <ol className="rama-report-runs-list" data-test="report-next-runs">
            {runs.map((run) => (
              <li key={run.getTime()}>
                <time dateTime={run.toISOString()}>{formatRunTime(run, timezone, currentLocale())}</time>
              </li>
            ))}
          </ol>
        ) : (
          <Typography.Text type="secondary" className="rama-report-runs-none">
            {' '}
            {t('fixSchedule')}
          </Typography.Text>
        )}
      </div>
    </>
  );
}
