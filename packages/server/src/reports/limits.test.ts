/** Schedule frequency limits and webhook addresses at save (issue 24 items 8 and 9). */
import { describe, expect, it } from 'vitest';
import { nextRuns } from '@rama/shared';
import { cronFieldValues, scheduleTooFrequent, shortestGapMinutes, webhookErrors } from './limits.js';

const from = new Date('2026-03-02T10:00:00Z');

describe('shortestGapMinutes', () => {
  it.each([
    ['* * * * *', 1],
    ['*/5 * * * *', 5],
    ['0 * * * *', 60],
    ['0,1 9 * * *', 1],
    ['59 23 * * *', 1440],
    // two runs a day, one minute apart across midnight
    ['0,59 0,23 * * *', 1],
    ['*/7 * * * *', 4],
    ['10-20/5 8-9 * * 1-5', 5],
    ['15-59/20 */6 * * *', 20],
    ['30 9 1 * *', 1440],
  ])('%s runs at least %d minutes apart, as croner runs it', (crontab, gap) => {
    expect(shortestGapMinutes(crontab)).toBe(gap);
    // the same as the shortest gap between the runs croner lists (for every-day schedules)
    if (crontab.endsWith('* * *')) {
      const runs = nextRuns(crontab, 'UTC', 300, from);
      const gaps = runs.slice(1).map((d, i) => (d.getTime() - runs[i].getTime()) / 60_000);
      expect(Math.min(...gaps)).toBe(gap);
    }
  });

  it('reads minute and hour fields as croner does, and nothing it cannot follow', () => {
    expect(cronFieldValues('5-59/20', 59)).toEqual([5, 25, 45]);
    expect(cronFieldValues('5/20', 59)).toBeNull();
    expect(cronFieldValues('1,3-4,*/30', 59)).toEqual([0, 1, 3, 4, 30]);
    expect(cronFieldValues('L', 59)).toBeNull();
    expect(shortestGapMinutes('0 9 31 2 *')).toBe(1440);
  });
});

describe('scheduleTooFrequent', () => {
  it('names the setting and the schedule’s gap', () => {
    expect(scheduleTooFrequent('* * * * *', 5)).toBe(
      'Reports and alerts may run at most every 5 minutes (RAMA_REPORT_MIN_INTERVAL_MINUTES); this schedule runs 1 minute apart.',
    );
    expect(scheduleTooFrequent('*/5 * * * *', 5)).toBeNull();
    expect(scheduleTooFrequent('* * * * *', 0)).toBeNull();
  });
});

describe('webhookErrors', () => {
  const hook = (target: string) => ({ type: 'Webhook' as const, recipient_config_json: { target } });
  it('refuses internal literal addresses per recipient, and lets allowed ones through', () => {
    const recipients = [
      { type: 'Email' as const, recipient_config_json: { target: 'a@example.com' } },
      hook('http://0x7f000001:6379/'),
      hook('https://hooks.example.com/x'),
    ];
    expect(webhookErrors(recipients, [])).toEqual({
      'recipients.1': [
        'The address 127.0.0.1 is a loopback address; Rama does not send to it (an administrator may allow it with RAMA_WEBHOOK_ALLOWED_HOSTS).',
      ],
    });
    expect(webhookErrors(recipients, ['127.0.0.0/8'])).toEqual({});
  });
});
