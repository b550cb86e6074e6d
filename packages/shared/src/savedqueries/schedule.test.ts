import { describe, expect, it } from 'vitest';
import { isRunnableSchedule, parseSavedQuerySchedule } from './schedule.js';

const hook = { type: 'Webhook', recipient_config_json: { target: 'https://example.com/hook' } };

describe('a scheduled query’s schedule_info', () => {
  it('is run only when it names a crontab (the peer’s free-form schedule is kept as text)', () => {
    expect(isRunnableSchedule({ crontab: '0 9 * * *' })).toBe(true);
    expect(isRunnableSchedule({ output_table: 'daily', schedule_interval: '@daily' })).toBe(false);
    expect(isRunnableSchedule(null)).toBe(false);
  });

  it('is normalised: time zone UTC, active, no table unless asked; email copies kept, other keys dropped', () => {
    const { schedule, errors } = parseSavedQuerySchedule({
      crontab: ' 30 8 * * 1-5 ',
      recipients: [
        { type: 'Email', recipient_config_json: { target: ' a@example.com ', ccTarget: 'b@example.com', dataMask: {} } },
        { type: 'Webhook', recipient_config_json: { target: 'https://example.com/h', ccTarget: 'x@example.com' } },
        'legacy@example.com',
      ],
    });
    expect(errors).toEqual({});
    expect(schedule).toEqual({
      crontab: '30 8 * * 1-5',
      timezone: 'UTC',
      include_table: false,
      active: true,
      recipients: [
        { type: 'Email', recipient_config_json: { target: 'a@example.com', ccTarget: 'b@example.com' } },
        { type: 'Webhook', recipient_config_json: { target: 'https://example.com/h' } },
        { type: 'Email', recipient_config_json: { target: 'legacy@example.com' } },
      ],
    });
  });

  it('names every wrong field', () => {
    const { schedule, errors } = parseSavedQuerySchedule({
      crontab: '0 25 * * *',
      timezone: 'Atlantis/Capital',
      recipients: [
        { type: 'Pigeon', recipient_config_json: { target: 'x' } },
        { type: 'Slack', recipient_config_json: { target: ' ' } },
      ],
      include_table: 'yes',
    });
    expect(schedule).toBeNull();
    expect(Object.keys(errors).sort()).toEqual([
      'schedule_info.crontab',
      'schedule_info.include_table',
      'schedule_info.recipients.0',
      'schedule_info.recipients.1',
      'schedule_info.timezone',
    ]);
    expect(errors['schedule_info.timezone']).toEqual(['Unknown time zone: Atlantis/Capital']);
    expect(errors['schedule_info.recipients.0']).toEqual(["A recipient's type is one of Email, Slack, Webhook."]);
  });

  it('needs between one and twenty recipients', () => {
    expect(parseSavedQuerySchedule({ crontab: '0 9 * * *' }).errors).toEqual({
      'schedule_info.recipients': ['Add at least one recipient.'],
    });
    expect(parseSavedQuerySchedule({ crontab: '0 9 * * *', recipients: Array(21).fill(hook) }).errors).toEqual({
      'schedule_info.recipients': ['At most 20 recipients.'],
    });
    expect(parseSavedQuerySchedule({ crontab: '0 9 * * *', recipients: 'a@example.com' }).errors).toEqual({
      'schedule_info.recipients': ['Recipients are a list.'],
    });
  });
});
