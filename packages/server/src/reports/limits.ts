/**
 * What a non-admin may schedule (issue 24 items 8 and 9): no schedule more frequent than the
 * operator's minimum, and webhooks only to addresses the outbound policy lets through (what can be
 * told without resolving a name; names are checked again when the report is sent).
 */
import type { ReportCreate } from '@rama/shared';
import { OutboundRefused, checkOutboundUrl, parseAllowList } from '../net/outbound.js';

/** The values a cron minute or hour field stands for (`*`, `a`, `a-b`, steps, lists); null when unreadable. */
export function cronFieldValues(field: string, max: number): number[] | null {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    // croner refuses `a/n` (a step needs `*` or a range), and so does this reading
    const m = /^(?:(\*)|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m || (m[2] !== undefined && m[3] === undefined && m[4] !== undefined)) return null;
    const from = m[1] ? 0 : Number(m[2]);
    const to = m[1] ? max : m[3] !== undefined ? Number(m[3]) : from;
    const step = m[4] === undefined ? 1 : Number(m[4]);
    if (from > to || to > max || step < 1) return null;
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return [...values].sort((a, b) => a - b);
}

/**
 * The shortest gap in minutes between two runs of a five-field schedule. Minutes and hours repeat
 * on every day the schedule runs, so the gaps are those between its times of day, and the one from
 * the last time of a day to the first of the next (counted even when the days never follow each
 * other: a stricter answer, never a looser one). Time-zone shifts are not counted. Worked out
 * from the fields rather than by listing runs, which would block the server for a busy schedule.
 */
export function shortestGapMinutes(crontab: string): number | null {
  const [minuteField, hourField] = crontab.trim().split(/\s+/);
  const minutes = cronFieldValues(minuteField ?? '', 59);
  const hours = cronFieldValues(hourField ?? '', 23);
  if (!minutes?.length || !hours?.length) return null;
  const times = hours.flatMap((h) => minutes.map((m) => h * 60 + m));
  let gap = times[0] + 1440 - times[times.length - 1];
  for (let i = 1; i < times.length; i++) gap = Math.min(gap, times[i] - times[i - 1]);
  return gap;
}

/** The crontab's error when it runs more often than every `minMinutes` (0: any schedule). */
export function scheduleTooFrequent(crontab: string, minMinutes: number): string | null {
  if (minMinutes <= 0) return null;
  const gap = shortestGapMinutes(crontab);
  // a field this reading does not follow is refused rather than let through unmeasured
  if (gap === null)
    return `Write the minute and hour of a schedule as numbers, ranges, steps or lists (RAMA_REPORT_MIN_INTERVAL_MINUTES is ${minMinutes}).`;
  if (gap >= minMinutes) return null;
  return `Reports and alerts may run at most every ${minMinutes} minute${minMinutes === 1 ? '' : 's'} (RAMA_REPORT_MIN_INTERVAL_MINUTES); this schedule runs ${gap} minute${gap === 1 ? '' : 's'} apart.`;
}

/** Per recipient (`recipients.<i>`), why its webhook address is refused. */
export function webhookErrors(recipients: ReportCreate['recipients'], allowedHosts: readonly string[]): Record<string, string[]> {
  const allow = parseAllowList(allowedHosts);
  const errors: Record<string, string[]> = {};
  (recipients ?? []).forEach((r, i) => {
    if (r.type !== 'Webhook') return;
    try {
      checkOutboundUrl(r.recipient_config_json.target, allow);
    } catch (e) {
      if (!(e instanceof OutboundRefused)) throw e;
      errors[`recipients.${i}`] = [e.message];
    }
  });
  return errors;
}
