import { describe, expect, it } from 'vitest';
import { crontabError, dueSlots, humanizeCrontab, isValidTimezone, nextRuns } from './schedule.js';
import { evaluateAlert } from './validator.js';
import { alertSendDecision, isWorkingTimedOut, logRetentionCutoff, reportErrors } from './rules.js';

describe('issue 14 part 1: a report schedule is a five-field cron in an IANA time zone', () => {
  it('accepts five-field crons and explains the rest', () => {
    expect(crontabError('0 9 * * 1-5')).toBeNull();
    expect(crontabError('*/15 * * * *')).toBeNull();
    expect(crontabError('0 9 * *')).toMatch(/five fields/);
    expect(crontabError('* * * * * *')).toMatch(/five fields/);
    expect(crontabError('61 * * * *')).toMatch(/Invalid cron expression: .*minute/);
  });
  it('knows IANA zones only', () => {
    expect(isValidTimezone('Europe/Paris')).toBe(true);
    expect(isValidTimezone('UTC')).toBe(true);
    expect(isValidTimezone('Mars/Base')).toBe(false);
    expect(isValidTimezone('')).toBe(false);
  });
  it('computes runs in the report time zone', () => {
    const from = new Date('2026-11-27T00:00:00Z');
    expect(nextRuns('0 9 * * *', 'Europe/Paris', 2, from).map((d) => d.toISOString())).toEqual([
      '2026-11-27T08:00:00.000Z',
      '2026-11-28T08:00:00.000Z',
    ]);
    expect(nextRuns('0 9 * * *', 'Mars/Base', 2, from)).toEqual([]);
  });
  it('finds the slots due in a window, the latest ones first kept when capped', () => {
    const after = new Date('2026-11-27T08:00:00Z');
    expect(dueSlots('*/5 * * * *', 'UTC', after, new Date('2026-11-27T08:12:00Z'), 5).map((d) => d.toISOString())).toEqual([
      '2026-11-27T08:05:00.000Z',
      '2026-11-27T08:10:00.000Z',
    ]);
    // a slot exactly at the window's end is due; one exactly at its start ran before
    expect(dueSlots('0 9 * * *', 'UTC', new Date('2026-11-27T08:59:00Z'), new Date('2026-11-27T09:00:00Z'))).toHaveLength(1);
    expect(dueSlots('0 9 * * *', 'UTC', new Date('2026-11-27T09:00:00Z'), new Date('2026-11-27T09:01:00Z'))).toHaveLength(0);
    // a scheduler down for an hour runs only the latest missed slot
    const missed = dueSlots('* * * * *', 'UTC', new Date('2026-11-27T08:00:00Z'), new Date('2026-11-27T09:00:00Z'), 1);
    expect(missed.map((d) => d.toISOString())).toEqual(['2026-11-27T09:00:00.000Z']);
  });
  it('reads common schedules in words for the list', () => {
    expect(humanizeCrontab('0 9 * * 1-5')).toBe('Every weekday at 09:00');
    expect(humanizeCrontab('30 7 * * 1')).toBe('Every Monday at 07:30');
    expect(humanizeCrontab('0 * * * *')).toBe('Every hour');
    expect(humanizeCrontab('*/5 * * * *')).toBe('Every 5 minutes');
    expect(humanizeCrontab('0 9 1 * *')).toBe('Day 1 of every month at 09:00');
    expect(humanizeCrontab('0 9 1 1 *')).toBe('0 9 1 1 *');
  });
});

describe('issue 14 part 2: an alert fires only when its SQL condition holds', () => {
  it('not null fires on a value other than null or 0', () => {
    expect(evaluateAlert([[5]], 1, 'not null', null)).toEqual({ triggered: true, value: 5, error: null });
    expect(evaluateAlert([[0]], 1, 'not null', null).triggered).toBe(false);
    expect(evaluateAlert([[null]], 1, 'not null', null).triggered).toBe(false);
    expect(evaluateAlert([], 1, 'not null', null).triggered).toBe(false);
  });
  it('operator compares with the threshold; numbers in text count', () => {
    expect(evaluateAlert([[10]], 1, 'operator', { op: '>', threshold: 5 }).triggered).toBe(true);
    expect(evaluateAlert([['10.5']], 1, 'operator', { op: '<=', threshold: 10 }).triggered).toBe(false);
    expect(evaluateAlert([[3n]], 1, 'operator', { op: '==', threshold: 3 }).triggered).toBe(true);
    expect(evaluateAlert([[3]], 1, 'operator', { op: '!=', threshold: 3 }).triggered).toBe(false);
  });
  it('refuses more than one row or column and non-numbers', () => {
    expect(evaluateAlert([[1], [2]], 1, 'not null', null).error).toBe('Alert query returned more than one row. 2 rows returned');
    expect(evaluateAlert([[1, 2]], 2, 'not null', null).error).toBe('Alert query returned more than one column. 2 columns returned');
    expect(evaluateAlert([['abc']], 1, 'operator', { op: '>', threshold: 1 }).error).toBe('Alert query returned a non-number value.');
  });
});

describe('issue 14 part 2: grace period, working timeout, log retention', () => {
  const now = Date.parse('2026-11-27T10:00:00Z');
  it('a report always sends; an alert sends when triggered and out of grace', () => {
    expect(alertSendDecision({ type: 'Report', triggered: false, lastSentMs: now - 1000, gracePeriodSeconds: 3600, nowMs: now })).toBe(
      'send',
    );
    expect(alertSendDecision({ type: 'Alert', triggered: false, lastSentMs: null, gracePeriodSeconds: 3600, nowMs: now })).toBe(
      'Not triggered',
    );
    expect(alertSendDecision({ type: 'Alert', triggered: true, lastSentMs: null, gracePeriodSeconds: 3600, nowMs: now })).toBe('send');
    expect(alertSendDecision({ type: 'Alert', triggered: true, lastSentMs: now - 60_000, gracePeriodSeconds: 3600, nowMs: now })).toBe(
      'On Grace',
    );
    expect(alertSendDecision({ type: 'Alert', triggered: true, lastSentMs: now - 3_600_001, gracePeriodSeconds: 3600, nowMs: now })).toBe(
      'send',
    );
  });
  it('a run Working past its timeout is stuck', () => {
    expect(isWorkingTimedOut(now - 61_000, 60, now)).toBe(true);
    expect(isWorkingTimedOut(now - 59_000, 60, now)).toBe(false);
  });
  it('logs older than log_retention days are pruned; 0 keeps all', () => {
    expect(logRetentionCutoff(90, now)?.toISOString()).toBe('2026-08-29T10:00:00.000Z');
    expect(logRetentionCutoff(0, now)).toBeNull();
  });
});

describe('issue 14 part 1: report validation', () => {
  const base = {
    type: 'Report' as const,
    name: 'Weekly',
    crontab: '0 9 * * 1',
    dashboard: 3,
    recipients: [{ type: 'Email' as const, recipient_config_json: { target: 'a@x.org' } }],
  };
  it('a report needs one target, a valid schedule and valid recipients', () => {
    expect(reportErrors(base)).toEqual({});
    expect(reportErrors({ ...base, chart: 2 }).chart).toEqual(['Choose a chart or a dashboard, not both.']);
    expect(reportErrors({ ...base, dashboard: null }).chart).toEqual(['Choose a chart or a dashboard.']);
    expect(reportErrors({ ...base, crontab: 'nope' }).crontab).toHaveLength(1);
    expect(reportErrors({ ...base, timezone: 'Nowhere/City' }).timezone).toEqual(['Unknown time zone: Nowhere/City']);
    expect(reportErrors({ ...base, recipients: [] }).recipients).toEqual(['Add at least one recipient.']);
    expect(reportErrors({ ...base, report_format: 'CSV' }).report_format).toHaveLength(1);
    const bad = reportErrors({
      ...base,
      recipients: [
        { type: 'Email', recipient_config_json: { target: 'a@x.org, nope', ccTarget: 'b@y.org' } },
        { type: 'Webhook', recipient_config_json: { target: 'file:///etc/passwd' } },
      ],
    });
    expect(bad['recipients.0']).toEqual(['Not a valid email address: nope']);
    expect(bad['recipients.1']).toEqual(['A webhook target must be an http(s) URL.']);
  });
  it('an alert needs a database, SQL and a complete condition', () => {
    const e = reportErrors({ ...base, type: 'Alert', validator_type: 'operator', validator_config_json: { op: '>' } });
    expect(Object.keys(e).sort()).toEqual(['database', 'sql', 'validator_config_json']);
  });
});
