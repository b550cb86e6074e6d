import { Cron } from 'croner';

/**
 * Report schedules: a five-field cron in the report's IANA time zone (minute precision, as the
 * BI server's). The picker offers common choices; anything else is typed as cron.
 */

export interface SchedulePreset {
  label: string;
  crontab: string;
}

/** The picker's common choices; the cron field takes anything else. */
export const SCHEDULE_PRESETS: readonly SchedulePreset[] = [
  { label: 'Every hour', crontab: '0 * * * *' },
  { label: 'Every day at 09:00', crontab: '0 9 * * *' },
  { label: 'Every weekday at 09:00', crontab: '0 9 * * 1-5' },
  { label: 'Every Monday at 09:00', crontab: '0 9 * * 1' },
  { label: 'First day of the month at 09:00', crontab: '0 9 1 * *' },
];

function cronOf(crontab: string, timezone: string): Cron {
  return new Cron(crontab.trim(), { timezone, paused: true, mode: '5-part' });
}

/** Whether `timezone` is an IANA time zone name this runtime knows. */
export function isValidTimezone(timezone: string): boolean {
  if (!timezone || timezone.length > 100) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** The error to show for a crontab, or null when it is a valid five-field cron. */
export function crontabError(crontab: string): string | null {
  const parts = crontab.trim().split(/\s+/);
  if (parts.length !== 5) return 'A schedule is a cron expression of five fields: minute, hour, day of month, month, day of week.';
  try {
    cronOf(crontab, 'UTC');
    return null;
  } catch (e) {
    const why = e instanceof Error ? e.message.replace(/^CronPattern:\s*/, '') : String(e);
    return `Invalid cron expression: ${why}`;
  }
}

/** The next `n` run times after `from` (UTC instants), or [] for an invalid schedule. */
export function nextRuns(crontab: string, timezone: string, n: number, from: Date = new Date()): Date[] {
  if (crontabError(crontab) || !isValidTimezone(timezone)) return [];
  return cronOf(crontab, timezone).nextRuns(n, from);
}

/**
 * The slots due in the window (after, upTo], oldest first, at most `max` (a scheduler that was
 * down runs only the latest missed slots, not a day of them).
 */
export function dueSlots(crontab: string, timezone: string, after: Date, upTo: Date, max = 1): Date[] {
  if (crontabError(crontab) || !isValidTimezone(timezone) || upTo <= after) return [];
  const cron = cronOf(crontab, timezone);
  const slots: Date[] = [];
  // previousRuns walks back from upTo (inclusive of a slot exactly at upTo)
  const probe = new Date(upTo.getTime() + 1);
  for (const d of cron.previousRuns(max, probe)) {
    if (d > after && d <= upTo) slots.push(d);
  }
  return slots.sort((a, b) => a.getTime() - b.getTime());
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (v: string) => v.padStart(2, '0');
const isNum = (v: string) => /^\d+$/.test(v);

/** A short English reading of common schedules (the list's `crontab_humanized`); else the cron itself. */
export function humanizeCrontab(crontab: string): string {
  if (crontabError(crontab)) return crontab;
  const [min, hour, dom, month, dow] = crontab.trim().split(/\s+/);
  if (min === '*' && hour === '*' && dom === '*' && month === '*' && dow === '*') return 'Every minute';
  const stepMin = /^\*\/(\d+)$/.exec(min);
  if (stepMin && hour === '*' && dom === '*' && month === '*' && dow === '*') return `Every ${stepMin[1]} minutes`;
  if (isNum(min) && hour === '*' && dom === '*' && month === '*' && dow === '*') {
    return min === '0' ? 'Every hour' : `Every hour at minute ${Number(min)}`;
  }
  if (!isNum(min) || !isNum(hour) || month !== '*') return crontab;
  const at = `at ${pad(hour)}:${pad(min)}`;
  if (dom === '*' && dow === '*') return `Every day ${at}`;
  if (dom === '*' && dow === '1-5') return `Every weekday ${at}`;
  if (dom === '*' && /^[0-7]$/.test(dow)) return `Every ${DAYS[Number(dow) % 7]} ${at}`;
  if (isNum(dom) && dow === '*') return `Day ${Number(dom)} of every month ${at}`;
  return crontab;
}
