/** A saved query's schedule as the list shows and changes it (issue 26 item 6). */
import type { SavedQueryScheduleState } from '@rama/shared';

/** The saved query's extra_json with its schedule paused/resumed (`active`) or removed (null). */
export function extraWithScheduleChange(extraJson: string, active: boolean | null): string {
  let extra: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(extraJson || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) extra = parsed as Record<string, unknown>;
  } catch {
    // an unreadable extra_json is replaced
  }
  const { schedule_info: info, ...rest } = extra;
  if (active === null || !info || typeof info !== 'object') return JSON.stringify(rest);
  return JSON.stringify({ ...rest, schedule_info: { ...(info as Record<string, unknown>), active } });
}

/** "Every weekday at 08:30 · Europe/Paris". */
export function scheduleSummary(s: SavedQueryScheduleState): string {
  return `${s.crontab_humanized} · ${s.timezone.replaceAll('_', ' ')}`;
}
