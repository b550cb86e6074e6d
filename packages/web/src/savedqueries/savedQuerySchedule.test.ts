import { describe, expect, it } from 'vitest';
import { newRecipient, newReportForm } from '../reports/reportForm';
import { dialogErrors, scheduleInfoOf } from '../sqllab/components/scheduleQueryForm';
import { extraWithScheduleChange, scheduleSummary } from './savedQuerySchedule';

describe('changing a saved query’s schedule from the list', () => {
  const extra = JSON.stringify({ other: 1, schedule_info: { crontab: '0 9 * * *', recipients: [], active: true } });

  it('pauses and resumes it, keeping the rest of extra_json', () => {
    expect(JSON.parse(extraWithScheduleChange(extra, false))).toEqual({
      other: 1,
      schedule_info: { crontab: '0 9 * * *', recipients: [], active: false },
    });
    expect(JSON.parse(extraWithScheduleChange(extraWithScheduleChange(extra, false), true)).schedule_info.active).toBe(true);
  });

  it('removes it', () => {
    expect(JSON.parse(extraWithScheduleChange(extra, null))).toEqual({ other: 1 });
    expect(extraWithScheduleChange('not json', null)).toBe('{}');
  });

  it('reads as the schedule and its zone', () => {
    expect(
      scheduleSummary({
        report_id: 1,
        crontab: '0 9 * * 1-5',
        crontab_humanized: 'Every weekday at 09:00',
        timezone: 'America/New_York',
        active: true,
        include_table: false,
        recipients: [],
        next_run: null,
        last_state: null,
        last_eval_dttm: null,
      }),
    ).toBe('Every weekday at 09:00 · America/New York');
  });
});

describe('the schedule dialog', () => {
  it('sends the recipients as report recipients, copies only for email', () => {
    const values = {
      ...newReportForm({ kind: 'chart', id: 0, title: '' }, { userId: 0, timezone: 'Europe/Paris' }),
      crontab: ' 0 8 * * 1 ',
      recipients: [
        { ...newRecipient('Email'), target: ' a@example.com ', ccTarget: 'c@example.com', bccTarget: ' ' },
        { ...newRecipient('Webhook'), target: 'https://example.com/h', ccTarget: 'ignored@example.com' },
      ],
    };
    expect(scheduleInfoOf(values, true)).toEqual({
      crontab: '0 8 * * 1',
      timezone: 'Europe/Paris',
      include_table: true,
      active: true,
      recipients: [
        { type: 'Email', recipient_config_json: { target: 'a@example.com', ccTarget: 'c@example.com' } },
        { type: 'Webhook', recipient_config_json: { target: 'https://example.com/h' } },
      ],
    });
  });

  it('shows the server’s messages at the dialog’s fields', () => {
    expect(
      dialogErrors({ 'schedule_info.crontab': ['Bad.'], 'schedule_info.recipients.1': ['No.', 'Never.'], label: ['Name must be unique'] }),
    ).toEqual({ crontab: 'Bad.', 'recipients.1': 'No. Never.', label: 'Name must be unique' });
  });
});
