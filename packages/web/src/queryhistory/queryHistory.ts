import { isInProgress, type QueryState } from '@rama/shared';
import type { ListFilter } from '../components/listState';
import { currentLocale, t } from '../i18n';

/** The filters of the history page as the user set them. */
export interface HistoryFilters {
  sqlText: string;
  databaseId: number | null;
  states: QueryState[];
  userId: number | null;
  /** start_time bounds, epoch milliseconds */
  from: number | null;
  to: number | null;
}

export const NO_HISTORY_FILTERS: HistoryFilters = { sqlText: '', databaseId: null, states: [], userId: null, from: null, to: null };

/** The rison filters of `GET /api/v1/query/` for the page's filters. */
export function historyListFilters(f: HistoryFilters): ListFilter[] {
  const filters: ListFilter[] = [];
  const text = f.sqlText.trim();
  if (text) filters.push({ col: 'sql', opr: 'ct', value: text });
  if (f.databaseId !== null) filters.push({ col: 'database', opr: 'rel_o_m', value: f.databaseId });
  if (f.states.length === 1) filters.push({ col: 'status', opr: 'eq', value: f.states[0] });
  else if (f.states.length > 1) filters.push({ col: 'status', opr: 'in', value: f.states });
  if (f.userId !== null) filters.push({ col: 'user', opr: 'rel_o_m', value: f.userId });
  if (f.from !== null) filters.push({ col: 'start_time', opr: 'gt', value: f.from });
  if (f.to !== null) filters.push({ col: 'start_time', opr: 'lt', value: f.to });
  return filters;
}

export function hasHistoryFilters(f: HistoryFilters): boolean {
  return historyListFilters(f).length > 0;
}

/** The current language's decimal separator ('.' in English, ',' in French and German). */
function decimalSeparator(): string {
  return new Intl.NumberFormat(currentLocale()).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}

/** "412 ms", "3.25 s", "2 min 05 s", "1 h 02 min" (the unit symbols are the same in French and German; "3,25 s" there). */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 2 : 1).replace('.', decimalSeparator())} s`;
  const whole = Math.floor(seconds);
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(whole / 3600)} h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')} min`;
}

/** How long a query ran; a query still in progress counts up to `now`. */
export function queryDuration(q: { start_time: number | null; end_time: number | null; status: string }, now: number): number | null {
  if (q.start_time === null) return null;
  if (q.end_time !== null) return Math.max(0, q.end_time - q.start_time);
  return isInProgress(q.status) ? Math.max(0, now - q.start_time) : null;
}

export type StateTone = 'success' | 'error' | 'processing' | 'warning' | 'default';

/** The colour of a state tag: green done, red failed, blue running, amber waiting, grey stopped. */
export function stateTone(state: string): StateTone {
  switch (state) {
    case 'success':
      return 'success';
    case 'failed':
    case 'timed_out':
      return 'error';
    case 'running':
    case 'fetching':
    case 'started':
      return 'processing';
    case 'pending':
    case 'scheduled':
      return 'warning';
    default:
      return 'default';
  }
}

/** "timed_out" → "Timed out", in the current language; a state this list does not know as it is written. */
export function stateLabel(state: string): string {
  switch (state) {
    case 'success':
      return t('queryhistory:state.success');
    case 'failed':
      return t('queryhistory:state.failed');
    case 'timed_out':
      return t('queryhistory:state.timedOut');
    case 'stopped':
      return t('queryhistory:state.stopped');
    case 'running':
      return t('queryhistory:state.running');
    case 'pending':
      return t('queryhistory:state.pending');
    case 'fetching':
      return t('queryhistory:state.fetching');
    case 'started':
      return t('queryhistory:state.started');
    case 'scheduled':
      return t('queryhistory:state.scheduled');
    default: {
      const text = state.replace(/_/g, ' ');
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
  }
}
