/**
 * The schedule: common choices, or a cron typed in (checked as it is typed), the time zone it is
 * read in, and the next three runs on that zone's clock, so a schedule can be checked before it is saved.
 */
import { useMemo } from 'react';
import { Form, Input, Select, Typography } from 'antd';
import { SCHEDULE_PRESETS, crontabError, humanizeCrontab, nextRuns } from '@rama/shared';
import { formatRunTime, supportedTimezones } from '../reportDisplay';
import { fieldStatus, type SectionProps } from './fieldStatus';

const CUSTOM = 'custom';
const CHOICES = [...SCHEDULE_PRESETS.map((p) => ({ value: p.crontab, label: p.label })), { value: CUSTOM, label: 'Custom (cron)' }];
const CRON_HELP = 'Five fields: minute, hour, day of month, month, day of week. Example: 30 8 * * 1-5 is 08:30 on weekdays.';

export function ScheduleFields({ values, onChange, errors }: SectionProps) {
  const { crontab, timezone, customSchedule } = values;
  const timezones = useMemo(() => supportedTimezones().map((z) => ({ value: z, label: z.replaceAll('_', ' ') })), []);
  const runs = useMemo(() => nextRuns(crontab, timezone, 3), [crontab, timezone]);
  // a cron being typed is checked at once; a preset is always valid
  const cronMessage = errors.crontab ?? (customSchedule ? crontabError(crontab) : null);
  const reading = humanizeCrontab(crontab);

  const handleChoice = (value: string) => {
    if (value === CUSTOM) onChange({ customSchedule: true });
    else onChange({ customSchedule: false, crontab: value });
  };

  return (
    <>
      <Form.Item label="Schedule" required htmlFor="report-schedule">
        <Select
          id="report-schedule"
          aria-label="Schedule"
          value={customSchedule ? CUSTOM : crontab}
          options={CHOICES}
          onChange={handleChoice}
        />
      </Form.Item>
      {customSchedule && (
        <Form.Item
          label="Cron schedule"
          required
          htmlFor="report-crontab"
          validateStatus={cronMessage ? 'error' : undefined}
          help={cronMessage ?? (reading !== crontab.trim() ? reading : CRON_HELP)}
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
      <Form.Item
        label="Time zone"
        required
        htmlFor="report-timezone"
        {...fieldStatus(errors, 'timezone', 'The schedule runs on this zone’s clock.')}
      >
        <Select
          id="report-timezone"
          aria-label="Time zone"
          showSearch={{ optionFilterProp: 'label' }}
          value={timezone}
          options={timezones}
          onChange={(zone: string) => onChange({ timezone: zone })}
        />
      </Form.Item>
      <div className="rama-report-runs" aria-live="polite">
        <Typography.Text type="secondary">Next runs</Typography.Text>
        {runs.length > 0 ? (
          <ol className="rama-report-runs-list" data-test="report-next-runs">
            {runs.map((run) => (
              <li key={run.getTime()}>
                <time dateTime={run.toISOString()}>{formatRunTime(run, timezone)}</time>
              </li>
            ))}
          </ol>
        ) : (
          <Typography.Text type="secondary" className="rama-report-runs-none">
            {' '}
            — fix the schedule to see when it runs.
          </Typography.Text>
        )}
      </div>
    </>
  );
}
